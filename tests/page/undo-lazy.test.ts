// Putting translated blocks back (undo-write.ts) comes with the engine's extras: loaded at Show
// original or when the page changes a translated block, never on a page that only gets translated.
// This file registers no extras up front (tests/page/fake-translator.ts does): each test loads them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildBilingual } from '../../utils/page/bilingual';
import { createPageEngine, type PageEngine, type TranslateFn } from '../../utils/page/engine';
import { engineExtras, provideEngineExtras } from '../../utils/page/extras';
import { createFailureMarks } from '../../utils/page/failure-marks';
import { unitsLeftOut } from '../../utils/page/scope-change';
import { compileScope } from '../../utils/page/site-scope';
import { createTermRefresh } from '../../utils/page/term-refresh';
import { releaseMarks, restoreMarks, undoWrite } from '../../utils/page/undo-write';
import { immediateVisibility } from '../../utils/page/visibility';
import { PAGE_BATCH_LIMIT } from '../../utils/shared/limits';

const KEY = Symbol.for('glossa.engine-extras');
const ALL_EXTRAS = { buildBilingual, createTermRefresh, createFailureMarks, compileScope, unitsLeftOut, undoWrite, releaseMarks, restoreMarks };
const PAGE = '<p>Hello <b>bold</b> world</p><p title="A tip">Second <i>one</i> here</p><p>Third</p>';

const upperCase: TranslateFn = async (blocks) => {
  await Promise.resolve();
  return {
    results: blocks.map((b) => ({ ok: true as const, text: b.text.split(/(<[^>]*>)/).map((p, i) => (i % 2 ? p : p.toUpperCase())).join(''), detectedSourceLang: 'EN' })),
    billedCharacters: 0,
  };
};

/** A loader that counts its calls and registers the extras only when the test opens the gate. */
function gatedExtras() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const loader = {
    loads: 0,
    open,
    load: async () => {
      loader.loads++;
      await gate;
      provideEngineExtras(ALL_EXTRAS);
    },
  };
  return loader;
}

let engines: PageEngine[] = [];

function engineWith(load: () => Promise<void>): PageEngine {
  const engine = createPageEngine({
    translate: upperCase, limit: PAGE_BATCH_LIMIT, loadExtras: load, visibility: immediateVisibility, progressIntervalMs: 0,
    job: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
  });
  engines.push(engine);
  return engine;
}

/** Whether the promise settles within a few turns of the event loop. */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true), () => (settled = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  return settled;
}

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[KEY];
  document.documentElement.removeAttribute('lang');
  document.body.innerHTML = PAGE;
});

afterEach(async () => {
  provideEngineExtras(ALL_EXTRAS);
  for (const engine of engines.splice(0)) await engine.restore();
});

describe('undoing translated blocks, loaded on first need', () => {
  it('translates without loading the undo code, and loads it once at Show original, putting the page back byte for byte', async () => {
    const before = document.documentElement.outerHTML;
    const extras = gatedExtras();
    const engine = engineWith(extras.load);
    await engine.start();
    await engine.idle();
    expect(document.body.innerHTML).toContain('HELLO <b>BOLD</b> WORLD');
    expect(extras.loads).toBe(0);
    expect(engineExtras()).toBeUndefined();

    const restoring = engine.restore();
    // Show original waits for the code: nothing is left half put back meanwhile.
    expect(await settlesSoon(restoring)).toBe(false);
    expect(extras.loads).toBe(1);
    extras.open();
    await restoring;
    expect(document.documentElement.outerHTML).toBe(before);
  });

  it('restores right after the start without loading anything when nothing was written yet', async () => {
    const before = document.documentElement.outerHTML;
    const extras = gatedExtras();
    const engine = engineWith(extras.load);
    void engine.start();
    await engine.restore();
    expect(document.documentElement.outerHTML).toBe(before);
    expect(extras.loads).toBe(0);
  });

  it('reads a translated block the page changed anew once the undo code is here, and idle() waits for it', async () => {
    const extras = gatedExtras();
    const engine = engineWith(extras.load);
    await engine.start();
    await engine.idle();
    const first = document.querySelector('p')!;
    expect(first.innerHTML).toBe('HELLO <b>BOLD</b> WORLD');
    // The page adds to a translated block: the block is released, put back and read with the addition.
    first.append(' again');
    const idle = engine.idle();
    expect(await settlesSoon(idle)).toBe(false);
    expect(extras.loads).toBeGreaterThan(0);
    extras.open();
    await idle;
    expect(first.innerHTML).toBe('HELLO <b>BOLD</b> WORLD AGAIN');
    // Show original now puts back the page's own version, addition included.
    await engine.restore();
    expect(document.body.innerHTML).toBe(PAGE.replace('world</p>', 'world again</p>'));
  });

  it('restores byte for byte when Show original comes while the undo code is loading for a changed block', async () => {
    const extras = gatedExtras();
    const engine = engineWith(extras.load);
    await engine.start();
    await engine.idle();
    document.querySelector('i')!.textContent = 'ONE!';
    void engine.idle();
    await expect.poll(() => extras.loads).toBeGreaterThan(0);
    const restoring = engine.restore();
    extras.open();
    await restoring;
    // The page's own change stays; everything Glossa wrote is gone.
    expect(document.body.innerHTML).toBe(PAGE.replace('<i>one</i>', '<i>ONE!</i>'));
    expect(document.documentElement.hasAttribute('lang')).toBe(false);
  });
});
