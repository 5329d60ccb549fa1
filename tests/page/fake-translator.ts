// A fake translator for HTML-in, HTML-out tests: upper-cases text and keeps tags and entities,
// as a well-behaved API with tag handling would. Records what was sent.
import type { BlockRequest } from '../../utils/shared/protocol';
import type { TranslateFn, TranslateInfo, TranslateReply } from '../../utils/page/engine';
import { createPageEngine, type PageEngine, type PageEngineOptions } from '../../utils/page/engine';
import { immediateVisibility } from '../../utils/page/visibility';
import { PAGE_BATCH_LIMIT } from '../../utils/shared/limits';
// The engine's extras (bilingual view, term refresh) as if loaded on first need: page-extras.js in the extension.
import '../../utils/page/extras-provided';

export function upperCase(text: string): string {
  return text.split(/(<[^>]*>|&[#a-zA-Z0-9]+;)/).map((part, i) => (i % 2 ? part : part.toUpperCase())).join('');
}

export interface FakeTranslator {
  translate: TranslateFn;
  calls: { blocks: BlockRequest[]; info: TranslateInfo }[];
  /** Every text sent, in order. */
  sent(): string[];
}

export function fakeTranslator(transform: (text: string, block: BlockRequest) => string = upperCase): FakeTranslator {
  const calls: FakeTranslator['calls'] = [];
  return {
    calls,
    sent: () => calls.flatMap((c) => c.blocks.map((b) => b.text)),
    translate: async (blocks, info): Promise<TranslateReply> => {
      calls.push({ blocks, info });
      await Promise.resolve();
      return {
        results: blocks.map((b) => ({ ok: true as const, text: transform(b.text, b), detectedSourceLang: 'EN' })),
        billedCharacters: blocks.reduce((n, b) => n + b.text.length, 0),
      };
    },
  };
}

const live: PageEngine[] = [];

/** Restores every engine a test started, so none keeps observing the shared document. */
export async function stopAllEngines(): Promise<void> {
  for (const engine of live.splice(0)) await engine.restore();
}

/** An engine on the test document with everything treated as on screen. */
export function testEngine(translate: TranslateFn, overrides: Partial<PageEngineOptions> = {}): PageEngine {
  const engine = createPageEngine({
    translate,
    limit: PAGE_BATCH_LIMIT,
    job: { targetLang: 'DE', sourceLang: '', formality: 'default', modelType: 'latency_optimized', bilingual: false },
    visibility: immediateVisibility,
    progressIntervalMs: 0,
    ...overrides,
  });
  live.push(engine);
  return engine;
}

/** Sets the body, translates it, and returns the engine once idle. */
export async function translateBody(html: string, translator = fakeTranslator(), overrides: Partial<PageEngineOptions> = {}) {
  document.body.innerHTML = html;
  const engine = testEngine(translator.translate, overrides);
  await engine.start();
  await engine.idle();
  return { engine, translator };
}
