// Bundles the writing-help test apps (react-reply.jsx, editors-app.ts) with esbuild at test time, as a site would
// ship them, and the page that holds them.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export async function bundleEditors(): Promise<string> {
  const result = await build({
    stdin: { contents: "import './react-reply.jsx'; import './editors-app';", loader: 'ts', resolveDir: here, sourcefile: 'writing-entry' },
    jsx: 'automatic',
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    // Vue's full build compiles the v-model template in the page.
    alias: { vue: resolve(here, '../../../node_modules/vue/dist/vue.esm-browser.prod.js') },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The page: a German support form (so the writing target is German) with each app in its box. */
export function editorsPage(script: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Editoren</title>
<style>.box { border: 1px solid #888; margin: 8px 0; padding: 4px; min-height: 60px; } .ql-editor { outline: none; }</style></head><body>
<h1>Antwort an den Kunden</h1>
<div id="react"></div><div id="vue"></div>
<div id="tiptap" class="box"></div>
<div id="lexical" class="box" contenteditable="true" translate="no"></div>
<div id="quill" class="box"></div>
<script type="module" src="${script}"></script></body></html>`;
}
