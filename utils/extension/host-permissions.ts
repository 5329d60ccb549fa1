// Host permissions for the API address and for always-translated sites. Every check fails
// closed: when the permissions API cannot answer, Glossa treats the permission as missing.
import { browser } from 'wxt/browser';
import { hostPermissionPattern, patternCovers, siteOrigins } from '../shared/connection';

export async function hasHostPermission(baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [hostPermissionPattern(baseUrl)] });
  } catch {
    return false;
  }
}

/** Asks the user for the host permission; must run inside a user gesture (a click handler). */
export async function requestHostPermission(baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.request({ origins: [hostPermissionPattern(baseUrl)] });
  } catch {
    return false;
  }
}

/**
 * Gives up the host permission of a site removed from "always translate", unless the API
 * address still needs it. Best effort: permissions the manifest requires cannot be removed.
 */
export async function releaseSitePermission(host: string, keepFor: string[] = []): Promise<boolean> {
  try {
    const granted = (await browser.permissions.getAll()).origins ?? [];
    const origins = siteOrigins(granted, host).filter((pattern) => !keepFor.some((url) => patternCovers(pattern, url)));
    if (origins.length === 0) return false;
    return await browser.permissions.remove({ origins });
  } catch {
    return false;
  }
}
