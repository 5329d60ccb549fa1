import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { planAddresses, originPattern } from './utils/shared/plan-addresses';

// Locale strings live in one file per area (locales/<lang>/<area>.json) so that features
// can add strings without touching each other's files; they are merged into _locales here.
function mergedLocales(): { relativeDest: string; contents: string }[] {
  const root = resolve(__dirname, 'locales');
  if (!existsSync(root)) return [];
  return readdirSync(root).map((lang) => {
    const merged: Record<string, unknown> = {};
    for (const file of readdirSync(resolve(root, lang)).filter((f) => f.endsWith('.json')).sort()) {
      Object.assign(merged, JSON.parse(readFileSync(resolve(root, lang, file), 'utf8')));
    }
    return { relativeDest: `_locales/${lang}/messages.json`, contents: JSON.stringify(merged, null, 1) };
  });
}

export default defineConfig({
  // `wxt/browser` is webextension-polyfill: a pass-through where `browser` exists (Firefox,
  // Chrome 148+), a promise wrapper of `chrome` in the older Chromium browsers Glossa serves.
  modules: ['@wxt-dev/webextension-polyfill'],
  // Explicit imports only: auto-import scanning misreads object literals in utils/ as exports.
  imports: false,
  // e2e runs build into a folder of their own so parallel runs don't overwrite each other.
  ...(process.env.GLOSSA_OUT_DIR ? { outDir: process.env.GLOSSA_OUT_DIR } : {}),
  vite: () => ({ plugins: [preact()] }),
  hooks: {
    'build:publicAssets': (_wxt, files) => {
      files.push(...mergedLocales());
    },
    // The scripts injected into pages use their world's `browser` (utils/content/world-browser.ts)
    // instead of carrying the polyfill; where the browser has none, the background injects
    // browser-polyfill.js (the one unlisted script that keeps it) before them.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.every((entry) => entry.type === 'unlisted-script' && entry.name !== 'browser-polyfill')) return;
      const world = { find: /^wxt\/browser$/, replacement: resolve(__dirname, 'utils/content/world-browser.ts') };
      const alias = config.resolve?.alias;
      const entries = Array.isArray(alias) ? alias : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement: replacement as string }));
      config.resolve = { ...config.resolve, alias: [world, ...entries] };
      // These scripts load into the pages themselves: terser's second pass takes ~3% off what
      // esbuild's minifier leaves (docs/speed.md). Top-level names stay: WXT appends the
      // script's global name after minifying, as the value scripting.executeScript returns.
      config.build = { ...config.build, minify: 'terser', terserOptions: { ecma: 2020, compress: { passes: 2 } } };
    },
  },
  manifest: ({ browser, mode }) => {
    const apiHosts = [...new Set(Object.values(planAddresses()).map(originPattern))];
    // End-to-end builds also grant the test pages' host: synthetic command and menu
    // dispatches do not grant activeTab, and permissions.request never resolves headless.
    const testHosts = mode === 'e2e' ? ['http://127.0.0.1/*', 'http://localhost/*'] : [];
    return {
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
      // The newest API Glossa uses without a fallback sets the floor (docs/platform.md lists them):
      // Promise.try (128) in the PDF viewer's pdf.js; the polyfill serves the `browser` namespace.
      ...(browser === 'firefox' ? {} : { minimum_chrome_version: '128' }),
      // End-to-end builds hold webNavigation outright: nobody can answer the prompt headless.
      permissions: ['storage', 'activeTab', 'scripting', 'contextMenus', ...(mode === 'e2e' ? ['webNavigation'] : [])],
      // One worker for every window; private tabs are told apart by tab.incognito (docs/privacy.md).
      incognito: 'spanning',
      host_permissions: [...apiHosts, ...testHosts],
      // Custom servers and always-translate sites are asked for at run time. MV2 (Firefox)
      // has no optional_host_permissions: there they go in optional_permissions.
      ...(browser === 'firefox' ? { optional_permissions: ['*://*/*', 'webNavigation'] } : { optional_host_permissions: ['*://*/*'] }),
      // `Open PDFs in Glossa` watches navigations, asked for when the option is turned on (MV2 lists it with the hosts).
      ...(browser === 'firefox' || mode === 'e2e' ? {} : { optional_permissions: ['webNavigation'] }),
      // The term form frame (entrypoints/term-form), placed on pages by the content script; opened
      // without a handle the background issued for that tab, it shows nothing.
      web_accessible_resources: browser === 'firefox' ? ['term-form.html'] : [{ resources: ['term-form.html'], matches: ['*://*/*'] }],
      // Icons in public/icon/ are listed under `icons` by WXT; the toolbar gets the same set.
      action: { default_title: '__MSG_actionTitle__', default_icon: { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png' } },
      commands: {
        'translate-page': {
          suggested_key: { default: 'Alt+Shift+G' },
          description: '__MSG_commandTranslatePage__',
        },
        'translate-selection': {
          suggested_key: { default: 'Alt+Shift+Y' },
          description: '__MSG_commandTranslateSelection__',
        },
        'translate-field': {
          suggested_key: { default: 'Alt+Shift+W' },
          description: '__MSG_commandTranslateField__',
        },
        'translate-paragraph': {
          suggested_key: { default: 'Alt+Shift+P' },
          description: '__MSG_commandTranslateParagraph__',
        },
      },
      ...(browser === 'firefox'
        ? {
            browser_specific_settings: {
              // data_collection_permissions exists from Firefox 140 (Android 142): older minimums make web-ext lint warn.
              gecko: {
                id: 'glossa@glossa.example',
                strict_min_version: '140.0',
                // Page text and titles go to the translation server the user configures (websiteContent),
                // and so do drafts writing help translates: what the user writes (personalCommunications).
                data_collection_permissions: { required: ['websiteContent', 'personalCommunications'] },
              },
              gecko_android: { strict_min_version: '142.0' },
            },
          }
        : {}),
    };
  },
});
