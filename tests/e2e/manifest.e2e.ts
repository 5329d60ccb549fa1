// The production manifest asks for the fewest permissions that work: no content script and
// no host access at install beyond the API's plan addresses (the e2e build adds test hosts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

function buildManifest(browser: 'chrome' | 'firefox'): Record<string, unknown> {
  execFileSync('npx', ['wxt', 'build', '-b', browser], { cwd: root, stdio: 'pipe' });
  const dir = browser === 'chrome' ? 'chrome-mv3' : 'firefox-mv2';
  return JSON.parse(readFileSync(resolve(root, '.output', dir, 'manifest.json'), 'utf8'));
}

describe('production manifest', () => {
  it('Chrome: only storage, activeTab, scripting, contextMenus and the plan addresses', () => {
    const manifest = buildManifest('chrome');
    expect(manifest.manifest_version).toBe(3);
    // The newest API used without a fallback (Promise.try in pdf.js); the polyfill serves `browser`.
    expect(manifest.minimum_chrome_version).toBe('128');
    expect(manifest.permissions).toEqual(['storage', 'activeTab', 'scripting', 'contextMenus']);
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*']);
    expect(manifest.optional_host_permissions).toEqual(['*://*/*']);
    // `Open PDFs in Glossa` asks for webNavigation when it is turned on.
    expect(manifest.optional_permissions).toEqual(['webNavigation']);
    expect(manifest.content_scripts ?? []).toEqual([]);
    expect(JSON.stringify(manifest)).not.toContain('<all_urls>');
    expect(Object.keys(manifest.commands as object).sort()).toEqual(['translate-field', 'translate-page', 'translate-paragraph', 'translate-selection']);
    // Writing help's shortcut.
    expect((manifest.commands as Record<string, { suggested_key: { default: string } }>)['translate-field'].suggested_key.default).toBe('Alt+Shift+W');
  });

  it('Firefox: the same grants, a gecko id and the data-collection declaration', () => {
    const manifest = buildManifest('firefox');
    expect(manifest.manifest_version).toBe(2);
    expect(JSON.stringify(manifest)).not.toContain('<all_urls>');
    expect(manifest.content_scripts ?? []).toEqual([]);
    expect(manifest.optional_permissions).toEqual(['*://*/*', 'webNavigation']);
    const gecko = (manifest.browser_specific_settings as { gecko: Record<string, unknown> }).gecko;
    expect(gecko.id).toBe('glossa@glossa.example');
    // Page text and titles leave the browser for the translation server (websiteContent), and so do
    // the drafts writing help translates, the user's own messages (personalCommunications).
    expect(gecko.data_collection_permissions).toEqual({ required: ['websiteContent', 'personalCommunications'] });
  });
});
