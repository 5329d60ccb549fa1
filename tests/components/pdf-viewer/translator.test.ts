import { describe, expect, it } from 'vitest';
import { batchTexts, createPdfTranslator, type TranslateTexts } from '@/components/pdf-viewer/translator';

function recorder(fail?: (texts: string[]) => boolean) {
  const calls: { texts: string[]; priority: boolean }[] = [];
  const translate: TranslateTexts = async (texts, priority) => {
    calls.push({ texts, priority });
    if (fail?.(texts)) throw Object.assign(new Error('paused'), { code: 'paused' });
    return { results: texts.map((text) => ({ ok: true as const, text: text.toUpperCase() })), billedCharacters: texts.join('').length };
  };
  return { calls, translate };
}

describe('batchTexts', () => {
  it('cuts at the block and the character bound', () => {
    const texts = Array.from({ length: 120 }, (_, i) => `text ${i}`);
    expect(batchTexts(texts).map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batchTexts(['aaaa', 'bbbb', 'cccc'], { blocks: 50, characters: 8 })).toEqual([['aaaa', 'bbbb'], ['cccc']]);
  });
});

describe('createPdfTranslator', () => {
  it('asks for each distinct text once: a header repeated on every page is one text', async () => {
    const { calls, translate } = recorder();
    const translator = createPdfTranslator(translate, () => undefined);
    await translator.request(['Header', 'Body one', 'Header'], true);
    await translator.request(['Header', 'Body two'], true);
    expect(calls.map((c) => c.texts)).toEqual([['Header', 'Body one'], ['Body two']]);
    expect(translator.get('Header')).toEqual({ state: 'done', text: 'HEADER' });
    expect(translator.billed).toBe('HeaderBody oneBody two'.length);
  });

  it('asks again for texts a fixed glossary term changed, and resolves what that billed', async () => {
    const { calls, translate } = recorder();
    const translator = createPdfTranslator(translate, () => undefined);
    await translator.request(['The harbour master', 'A quay'], true);
    expect(await translator.retranslate(['The harbour master'])).toBe('The harbour master'.length);
    expect(calls.map((c) => c.texts)).toEqual([['The harbour master', 'A quay'], ['The harbour master']]);
    expect(translator.get('The harbour master')).toMatchObject({ state: 'done', text: 'THE HARBOUR MASTER' });
  });

  it('sends the screen as priority, and pages ahead one message at a time behind it', async () => {
    const { calls, translate } = recorder();
    const translator = createPdfTranslator(translate, () => undefined, { blocks: 2, characters: 1000 });
    const ahead = translator.request(['a1', 'a2', 'a3', 'a4', 'a5'], false);
    await translator.request(['s1'], true);
    await ahead;
    expect(calls[0]).toEqual({ texts: ['a1', 'a2'], priority: false });
    expect(calls.find((c) => c.priority)?.texts).toEqual(['s1']);
    expect(calls.filter((c) => !c.priority).map((c) => c.texts)).toEqual([['a1', 'a2'], ['a3', 'a4'], ['a5']]);
  });

  it('moves a queued page ahead to the front when it comes on screen', async () => {
    const { calls, translate } = recorder();
    const translator = createPdfTranslator(translate, () => undefined, { blocks: 1, characters: 1000 });
    const ahead = translator.request(['p1', 'p2', 'p3'], false);
    await translator.request(['p3'], true);
    await ahead;
    expect(calls.filter((c) => c.texts[0] === 'p3')).toEqual([{ texts: ['p3'], priority: true }]);
  });

  it('marks texts failed when the background refuses, and sends them again on retry', async () => {
    let refuse = true;
    const { calls, translate } = recorder(() => refuse);
    const translator = createPdfTranslator(translate, () => undefined);
    await translator.request(['one'], true);
    expect(translator.get('one')).toMatchObject({ state: 'failed', code: 'paused' });
    refuse = false;
    await translator.retryFailed();
    expect(translator.get('one')).toEqual({ state: 'done', text: 'ONE' });
    expect(calls).toHaveLength(2);
  });
});
