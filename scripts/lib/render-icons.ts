// `npm run icons`: renders scripts/lib/icon.svg into the PNG sizes the stores and browsers ask
// for (public/icon/<size>.png, which WXT lists in the manifest's icons), in the system Chromium.
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium';

export const ICON_SIZES = [16, 32, 48, 96, 128] as const;

const root = resolve(import.meta.dirname, '../..');
const svg = readFileSync(resolve(import.meta.dirname, 'icon.svg'), 'utf8');
const outDir = resolve(root, 'public/icon');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('width="128" height="128"', `width="${size}" height="${size}"`);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    const file = resolve(outDir, `${size}.png`);
    await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
