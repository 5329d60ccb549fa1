// What the viewer asks the background to translate, and what came back. Each distinct paragraph
// text is asked for once (a header repeated on every page is one text), the screen in view goes
// at once as priority, pages ahead of the reader follow one message at a time behind it, and
// messages are cut at the page-engine batch limit (the background packs requests at the API's).
import { PAGE_BATCH_LIMIT, type BatchLimit } from '@/utils/shared/limits';
import type { BlockResult } from '@/utils/shared/protocol';

export type TranslateTexts = (texts: string[], priority: boolean) => Promise<{ results: BlockResult[]; billedCharacters: number }>;

export type TranslationEntry =
  | { state: 'pending' }
  | { state: 'done'; text: string; detectedSourceLang?: string }
  | { state: 'failed'; code: string; message: string };

/** Cuts texts into messages of at most `limit.blocks` texts and `limit.characters` characters. */
export function batchTexts(texts: string[], limit: BatchLimit = PAGE_BATCH_LIMIT): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length > 0 && (current.length >= limit.blocks || chars + text.length > limit.characters)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function createPdfTranslator(translate: TranslateTexts, onChange: () => void, limit: BatchLimit = PAGE_BATCH_LIMIT) {
  const entries = new Map<string, TranslationEntry>();
  const ahead: string[] = [];
  let aheadRunning = false;
  let billed = 0;
  let stopped = false;

  /** Sends one message; resolves the characters it billed. */
  async function send(texts: string[], priority: boolean): Promise<number> {
    let outcome: Awaited<ReturnType<TranslateTexts>>;
    try {
      outcome = await translate(texts, priority);
    } catch (err) {
      const code = String((err as { code?: unknown } | null)?.code ?? 'server');
      const message = err instanceof Error ? err.message : String(err);
      for (const text of texts) entries.set(text, { state: 'failed', code, message });
      onChange();
      return 0;
    }
    billed += outcome.billedCharacters;
    texts.forEach((text, i) => {
      const result = outcome.results[i];
      entries.set(text, result?.ok ? { state: 'done', text: result.text, detectedSourceLang: result.detectedSourceLang } : { state: 'failed', code: result?.code ?? 'server', message: result?.message ?? '' });
    });
    onChange();
    return outcome.billedCharacters;
  }

  async function runAhead(): Promise<void> {
    if (aheadRunning) return;
    aheadRunning = true;
    try {
      while (ahead.length > 0 && !stopped) {
        const batch = batchTexts(ahead.splice(0), limit);
        // Whatever does not fit the first message goes back to the queue, behind newer priority work.
        ahead.unshift(...batch.slice(1).flat());
        await send(batch[0], false);
      }
    } finally {
      aheadRunning = false;
    }
  }

  /** Asks for the texts not known yet; `priority` ones (on screen) go now, the others queue. */
  function request(texts: string[], priority: boolean): Promise<number> {
    const fresh = [...new Set(texts)].filter((text) => !entries.has(text) || (priority && ahead.includes(text)));
    if (fresh.length === 0) return Promise.resolve(0);
    for (const text of fresh) entries.set(text, { state: 'pending' });
    if (priority) {
      const moved = new Set(fresh);
      ahead.splice(0, ahead.length, ...ahead.filter((text) => !moved.has(text)));
      onChange();
      return Promise.all(batchTexts(fresh, limit).map((batch) => send(batch, true))).then((billedEach) => billedEach.reduce((sum, n) => sum + n, 0));
    }
    ahead.push(...fresh);
    return runAhead().then(() => 0);
  }

  return {
    request,
    get: (text: string): TranslationEntry | undefined => entries.get(text),
    /** Characters the translations of this viewer billed. */
    get billed(): number {
      return billed;
    },
    /** Sends the failed texts again (after a pause or an outage). */
    retryFailed(): Promise<number> {
      const failed = [...entries].filter(([, entry]) => entry.state === 'failed').map(([text]) => text);
      for (const text of failed) entries.delete(text);
      return request(failed, true);
    },
    /** Asks again for texts already translated (a glossary entry they hold changed); resolves what that billed. */
    retranslate(texts: string[]): Promise<number> {
      for (const text of texts) entries.delete(text);
      return request(texts, true);
    },
    stop(): void {
      stopped = true;
    },
  };
}

export type PdfTranslator = ReturnType<typeof createPdfTranslator>;
