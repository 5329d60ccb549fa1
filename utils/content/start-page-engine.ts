// The content script's side of page translation: answers the background's startTranslation,
// showOriginal and retryFailed, and gives the engine a translate function that goes through
// the background (which owns the key, the cache and the API) and the batch limit the
// background's dispatcher packs from.
import { browser } from 'wxt/browser';
import type { ApiErrorCode } from '../shared/api-errors';
import { onContentMessage } from '../shared/messages-to-content';
import { sendMessage } from '../shared/protocol';
import { createPageEngine, type EngineProgress, type PageEngine, type PageEngineOptions, type TranslateFn } from '../page/engine';
import { textSample, type DetectPageLanguage } from '../page/language';
import { PAGE_BATCH_LIMIT } from '../shared/limits';
import { lazyStatusNotice, loadPageExtras } from './page-extras';
import { resend } from './resend';

const translateViaBackground: TranslateFn = (blocks, info) =>
  resend(() => sendMessage('translateBlocks', {
    blocks,
    ...(info.sourceLang ? { sourceLang: info.sourceLang } : {}),
    priority: info.priority === 'viewport',
  }));

export const detectWithBrowser: DetectPageLanguage = async (doc) => {
  const text = textSample(doc);
  if (!text.trim() || typeof browser.i18n?.detectLanguage !== 'function') return undefined;
  const result = await browser.i18n.detectLanguage(text);
  return { isReliable: !!result.isReliable, languages: (result.languages ?? []).map((l) => ({ language: l.language, percentage: l.percentage })) };
};

/** How long a language asked for as the script arrived still stands for the page. */
const EARLY_DETECTION_MS = 1_000;

/**
 * The page's language, asked of the browser as soon as the script runs: the message that starts
 * the translation comes a few milliseconds later, and the engine's first walk waits for the
 * answer. That answer serves the first detection within a second; later ones ask again.
 */
function detectEarly(doc: Document): DetectPageLanguage {
  const askedAt = Date.now();
  let early: ReturnType<DetectPageLanguage> | undefined = detectWithBrowser(doc).catch(() => undefined);
  return (asked) => {
    const answer = early && asked === doc && Date.now() - askedAt <= EARLY_DETECTION_MS ? early : undefined;
    early = undefined;
    return answer ?? detectWithBrowser(asked);
  };
}

export interface PageEngineWiring {
  engine(): PageEngine | undefined;
  stop(): Promise<void>;
}

interface PageEngineHooks {
  /** A page translation is about to start (what was translated one block at a time makes way). */
  beforeStart?(): void;
}

/** `overrides` replace engine options (tests pass a visibility that needs no layout). */
export function startPageEngine(doc: Document = document, overrides: Partial<PageEngineOptions> = {}, hooks: PageEngineHooks = {}): PageEngineWiring {
  let engine: PageEngine | undefined;
  const detectLanguage = detectEarly(doc);
  const notice = lazyStatusNotice({
    retry: () => engine?.retryFailed(),
    openOptions: () => void sendMessage('openOptionsFromSelection', {}).catch(() => undefined),
  }, doc);

  const report = (progress: EngineProgress) => {
    notice.update(progress);
    const errorCode: ApiErrorCode | undefined = progress.errorCode;
    void resend(() => sendMessage('reportProgress', {
      total: progress.total,
      done: progress.done,
      failed: progress.failed,
      billedCharacters: progress.billedCharacters,
      state: progress.state,
      ...(errorCode ? { errorCode } : {}),
    })).catch(() => undefined);
  };

  const stop = async () => {
    const current = engine;
    engine = undefined;
    notice.remove();
    await current?.restore();
  };

  // Only the extension itself steers the page engine: onContentMessage refuses tabs (messages-to-content.ts).
  onContentMessage('startTranslation', async ({ data }) => {
    const { scope, ...job } = data;
    await stop();
    hooks.beforeStart?.();
    const current = createPageEngine({
      translate: translateViaBackground, limit: PAGE_BATCH_LIMIT, job, document: doc, detectLanguage, onProgress: report, scope,
      loadExtras: () => resend(loadPageExtras), ...overrides,
    });
    engine = current;
    // Answer at once: the translation runs on and reports its progress.
    void current.start();
  });
  onContentMessage('showOriginal', async () => {
    await stop();
  });
  onContentMessage('retryFailed', () => {
    engine?.retryFailed();
  });

  return { engine: () => engine, stop };
}

const CLAIM = Symbol.for('glossa.content-script');

/** True the first time in a page: the background may inject the script more than once. */
export function claimContentScript(scope: Record<symbol, unknown> = globalThis as unknown as Record<symbol, unknown>): boolean {
  if (scope[CLAIM]) return false;
  scope[CLAIM] = true;
  return true;
}
