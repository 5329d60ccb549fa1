// Hover translation: the setting that lets a held modifier key translate the paragraph under
// the pointer (utils/content/pointing). Off by default; turning it on asks for host access.

export type HoverModifier = 'Alt' | 'Control' | 'Shift';

export const HOVER_MODIFIERS: readonly HoverModifier[] = ['Alt', 'Control', 'Shift'];

export interface HoverSettings {
  enabled: boolean;
  modifier: HoverModifier;
  /** Where it works: every site, or the hostnames the user allowed one by one. */
  sites: 'all' | string[];
}

export const DEFAULT_HOVER: HoverSettings = { enabled: false, modifier: 'Alt', sites: 'all' };

/** The host-permission patterns hover translation needs for `sites`. */
export function hoverOrigins(sites: HoverSettings['sites']): string[] {
  return sites === 'all' ? ['*://*/*'] : sites.map((host) => `*://${host}/*`);
}
