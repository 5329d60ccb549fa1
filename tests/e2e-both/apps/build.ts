// Bundles the test apps at test time with esbuild: React (JSX, production build), Vue (its
// full build, which compiles the templates in the page) and Svelte (components compiled with
// svelte/compiler). Each app is one ES module served next to a page that mounts it on #app.
import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'svelte/compiler';

export type Framework = 'react' | 'vue' | 'svelte';

const here = dirname(fileURLToPath(import.meta.url));

const svelteFiles: Plugin = {
  name: 'svelte',
  setup(b) {
    b.onLoad({ filter: /\.svelte$/ }, async ({ path }) => {
      const { js } = compile(await readFile(path, 'utf8'), { filename: path, generate: 'client' });
      return { contents: js.code, loader: 'js' };
    });
  },
};

const ENTRIES: Record<Framework, { contents: string; loader: 'jsx' | 'ts' }> = {
  react: { contents: "import './react-app.jsx';", loader: 'jsx' },
  vue: { contents: "import './vue-app';", loader: 'ts' },
  svelte: {
    contents: "import { mount } from 'svelte'; import App from './SvelteApp.svelte'; mount(App, { target: document.getElementById('app') });",
    loader: 'ts',
  },
};

/** The app's code as one ES module (minified, as a site would ship it). */
export async function bundleApp(framework: Framework): Promise<string> {
  const result = await build({
    stdin: { ...ENTRIES[framework], resolveDir: here, sourcefile: `${framework}-entry` },
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['svelte', 'browser', 'production'],
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { vue: resolve(here, '../../../node_modules/vue/dist/vue.esm-browser.prod.js') },
    plugins: [svelteFiles],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The server-rendered Vue page: markup from vue/server-renderer (Node's build of Vue) and the module that hydrates it. */
export async function bundleVueHydration(): Promise<{ markup: string; client: string }> {
  const [{ createSSRApp }, { renderToString }, { HydratedNotes }] = await Promise.all([import('vue'), import('vue/server-renderer'), import('./hydrate-vue')]);
  const markup = await renderToString(createSSRApp(HydratedNotes));
  const client = await build({
    bundle: true, write: false, format: 'esm', target: 'es2022', minify: true, logLevel: 'silent',
    stdin: { contents: "import { createSSRApp } from 'vue'; import { HydratedNotes } from './hydrate-vue'; window.hydrateApp = () => createSSRApp(HydratedNotes).mount('#app');", loader: 'ts', resolveDir: here },
    alias: { vue: resolve(here, '../../../node_modules/vue/dist/vue.esm-browser.prod.js') },
  });
  return { markup, client: client.outputFiles[0].text };
}

/** The server-rendered React page: its markup (renderToString, run here) and the module that hydrates it on window.hydrateApp(). */
export async function bundleHydration(): Promise<{ markup: string; client: string }> {
  const common = { bundle: true, write: false, format: 'esm', target: 'es2022', jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent' } as const;
  const server = await build({
    ...common,
    stdin: { contents: "import { renderToString } from 'react-dom/server.browser'; import { jsx } from 'react/jsx-runtime'; import { App } from './hydrate-react.jsx'; export default renderToString(jsx(App, {}));", loader: 'jsx', resolveDir: here },
    platform: 'neutral',
    mainFields: ['module', 'main'],
  });
  const markup = ((await import(`data:text/javascript;base64,${Buffer.from(server.outputFiles[0].text).toString('base64')}`)) as { default: string }).default;
  const client = await build({
    ...common,
    minify: true,
    stdin: { contents: "import { hydrateRoot } from 'react-dom/client'; import { jsx } from 'react/jsx-runtime'; import { App } from './hydrate-react.jsx'; window.hydrateApp = () => hydrateRoot(document.getElementById('app'), jsx(App, {}));", loader: 'jsx', resolveDir: here },
  });
  return { markup, client: client.outputFiles[0].text };
}

/** A page that loads the app's module; `path` is where the module is served. */
export function appPage(name: string, path: string, markup = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${name} test app</title></head>
<body><div id="app">${markup}</div><script type="module" src="${path}"></script></body></html>`;
}
