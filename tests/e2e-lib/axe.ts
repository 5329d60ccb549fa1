// axe-core in an extension page or a test page: serious and critical violations, described by
// rule and elements, for the accessibility tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Resolves once the page's finite animations and transitions have ended. Switching the colour
 * scheme fades buttons' backgrounds (120 ms), and a contrast read mid-fade belongs to neither
 * scheme: axe then reported the options page's buttons in dark mode now and then.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined))));
}

/** Runs axe in `page` (CDP evaluation passes extension pages' CSP), limited to `selector` when given, once animations have ended. */
export async function axeViolations(page: Page, selector?: string): Promise<Result[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (include) => (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe.run(include ? { include: [include] } : document, {
      resultTypes: ['violations'],
    }),
    selector ?? null,
  );
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: Result[]): string[] {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}

