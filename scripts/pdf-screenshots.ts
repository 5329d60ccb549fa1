// Pictures of the PDF viewer's three views for docs/features.md (light and dark), taken headless in
// the system Chromium against the local server: `npx tsx scripts/pdf-screenshots.ts [outDir]`.
// Needs an e2e build (`npm run build:e2e`, or GLOSSA_EXTENSION_DIR pointing at one).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchWithExtension } from './lib/chromium';
import { startServer } from '../server/index';
import { startPdfServer } from '../tests/e2e/pdf-server';
import { demoArticle } from '../tests/pdf/make-pdfs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = resolve(root, process.argv[2] ?? 'docs/screenshots');
const extensionDir = process.env.GLOSSA_EXTENSION_DIR ?? resolve(root, '.output/chrome-mv3-e2e');
const KEY = 'pdf-screenshots-key';

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const api = await startServer({ port: 0, keys: [KEY], seedDemo: true });
  const article = await demoArticle();
  const pdfs = await startPdfServer([article]);
  const { context, worker, profileDir } = await launchWithExtension(extensionDir, { viewport: { width: 1400, height: 860 } });
  try {
    await worker.evaluate(async (settings) => chrome.storage.local.set(settings), {
      connection: { apiKey: KEY, plan: 'custom', customUrl: api.url },
      defaults: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    });
    const id = new URL(worker.url()).host;
    const page = await context.newPage();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`chrome-extension://${id}/pdf-viewer.html?file=${encodeURIComponent(pdfs.url(article.name))}`);
      await page.waitForFunction(() => {
        const items = [...document.querySelectorAll<HTMLElement>('.pdf-row[data-page="0"] .pdf-translation')];
        return items.length > 0 && items.every((item) => item.dataset.state === 'done') && !!document.querySelector('canvas[data-drawn]');
      }, undefined, { timeout: 30_000 });
      const suffix = scheme === 'dark' ? '-dark' : '';
      for (const view of ['side', 'over', 'flow'] as const) {
        await page.selectOption('select', view);
        await page.waitForFunction((v) => v === 'flow' || !!document.querySelector('.pdf-row[data-page="0"] canvas[data-drawn]'), view);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: resolve(out, `pdf-${view}${suffix}.png`) });
      }
      await page.selectOption('select', 'side');
    }
    console.log(`PDF viewer pictures written to ${out}`);
  } finally {
    await context.close();
    await pdfs.close();
    await api.close();
    const { rmSync } = await import('node:fs');
    rmSync(profileDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
