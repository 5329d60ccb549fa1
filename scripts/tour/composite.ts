// Puts two screenshots side by side with a caption over each, rendered by the browser itself
// (no image library needed), for the README's "translated page next to the original".
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';

export interface Panel {
  file: string;
  caption: string;
  width: number;
  height: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sideBySide(context: BrowserContext, panels: Panel[], outFile: string): Promise<void> {
  const gap = 24;
  const width = panels.reduce((sum, p) => sum + p.width, 0) + gap * (panels.length + 1);
  const height = Math.max(...panels.map((p) => p.height)) + 64;
  const figures = panels
    .map((p) => `<figure><figcaption>${escapeHtml(p.caption)}</figcaption><img width="${p.width}" height="${p.height}" src="data:image/png;base64,${readFileSync(p.file).toString('base64')}" alt=""></figure>`)
    .join('');
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<!doctype html><style>
        body{margin:0;padding:0 ${gap}px;display:flex;gap:${gap}px;background:#e7e9ee;font:600 18px/1 system-ui,'DejaVu Sans',sans-serif;color:#1d232b}
        figure{margin:0}figcaption{padding:20px 2px 14px}img{display:block;border-radius:6px;box-shadow:0 2px 10px rgb(0 0 0/.18)}
      </style>${figures}`,
    );
    await page.screenshot({ path: outFile, fullPage: true });
  } finally {
    await page.close();
  }
}
