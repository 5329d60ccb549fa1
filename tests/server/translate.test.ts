// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../server/index';
import { call, KEY, translateCall, useServer } from './helpers';

const server = useServer();

describe('POST /v2/translate: basics', () => {
  it('translates every text in request order with the detected source language', async () => {
    const res = await translateCall(server(), { text: ['Hello world', 'The cat is here', 'Привет'], target_lang: 'DE' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      translations: [
        { detected_source_language: 'EN', text: pseudoTranslate('Hello world', 'DE') },
        { detected_source_language: 'EN', text: pseudoTranslate('The cat is here', 'DE') },
        { detected_source_language: 'RU', text: pseudoTranslate('Привет', 'DE') },
      ],
    });
    expect(res.data.translations[0].text).toBe('Hëllö wörld');
  });

  it('visibly changes every word, differently per target language', async () => {
    const words = ['Hello', 'my', 'world', 'CSS', 'TV', 'a', 'café'];
    const targets = ['DE', 'FR', 'ES', 'RU', 'EL', 'JA', 'ZH-HANT', 'KO', 'AR', 'EN-US', 'PT-BR', 'PL'];
    const seen = new Map<string, string>();
    for (const target of targets) {
      const res = await translateCall(server(), { text: words, target_lang: target, preserve_formatting: true });
      res.data.translations.forEach((t: { text: string }, i: number) => expect(t.text, `${words[i]} → ${target}`).not.toBe(words[i]));
      seen.set(target, res.data.translations.map((t: { text: string }) => t.text).join(' '));
    }
    expect(new Set(seen.values()).size).toBe(targets.length);
  });

  it('is deterministic', async () => {
    const body = { text: ['Same input, same output.'], target_lang: 'FR' };
    const a = await translateCall(server(), body);
    const b = await translateCall(server(), body);
    expect(a.data).toEqual(b.data);
  });

  it('leaves empty texts empty and keeps numbers', async () => {
    const res = await translateCall(server(), { text: ['', '2024', '  '], target_lang: 'DE' });
    expect(res.data.translations.map((t: { text: string }) => t.text)).toEqual(['', '2024', '  ']);
  });

  it('accepts 1 to 50 texts and rejects 0 or 51', async () => {
    expect((await translateCall(server(), { text: Array(50).fill('x'), target_lang: 'DE' })).data.translations).toHaveLength(50);
    const none = await translateCall(server(), { text: [], target_lang: 'DE' });
    expect(none.status).toBe(400);
    const tooMany = await translateCall(server(), { text: Array(51).fill('x'), target_lang: 'DE' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.message).toMatch(/Too many texts/);
  });

  it('requires text as an array of strings and target_lang', async () => {
    expect((await translateCall(server(), { target_lang: 'DE' })).data.message).toMatch(/'text' is required/);
    expect((await translateCall(server(), { text: 'Hello', target_lang: 'DE' })).status).toBe(400);
    expect((await translateCall(server(), { text: ['a', 5], target_lang: 'DE' })).data.detail).toBe('text[1] is number');
    expect((await translateCall(server(), { text: ['a'] })).data.message).toMatch(/'target_lang' is required/);
  });

  it('answers errors as {message, detail}', async () => {
    const res = await translateCall(server(), { text: ['a'], target_lang: 'XX' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(res.data).sort()).toEqual(['detail', 'message']);
  });
});

describe('languages in translate', () => {
  it('reads target codes case-insensitively, with variants', async () => {
    for (const code of ['de', 'en-gb', 'EN-us', 'pt-BR', 'zh-hant', 'Zh']) {
      expect((await translateCall(server(), { text: ['x'], target_lang: code })).status, code).toBe(200);
    }
  });

  it('rejects unknown targets and the ambiguous EN and PT', async () => {
    for (const code of ['EN', 'pt', 'xx', 'DE-DE', '']) {
      const res = await translateCall(server(), { text: ['x'], target_lang: code });
      expect(res.status, code).toBe(400);
    }
    expect((await translateCall(server(), { text: ['x'], target_lang: 'en' })).data.detail).toMatch(/EN-GB.*EN-US/);
  });

  it('reports source_lang, as its base language, in upper case', async () => {
    const res = await translateCall(server(), { text: ['Привет'], source_lang: 'en-gb', target_lang: 'DE' });
    expect(res.data.translations[0].detected_source_language).toBe('EN');
    expect((await translateCall(server(), { text: ['x'], source_lang: 'de', target_lang: 'FR' })).data.translations[0].detected_source_language).toBe('DE');
  });

  it('rejects unknown or empty source languages', async () => {
    expect((await translateCall(server(), { text: ['x'], source_lang: 'xx', target_lang: 'DE' })).status).toBe(400);
    expect((await translateCall(server(), { text: ['x'], source_lang: '', target_lang: 'DE' })).status).toBe(400);
  });

  it('detects the source language from the script or common words', async () => {
    const cases: [string, string][] = [
      ['Der Hund und die Katze sind nicht hier', 'DE'],
      ['Le chat est dans la maison avec nous', 'FR'],
      ['El perro y los gatos están en la casa', 'ES'],
      ['The weather is nice today', 'EN'],
      ['Привет, как дела?', 'RU'],
      ['Привіт, як справи? Їжак', 'UK'],
      ['Καλημέρα κόσμε', 'EL'],
      ['これは日本語の文です', 'JA'],
      ['这是中文', 'ZH'],
      ['안녕하세요', 'KO'],
      ['مرحبا بالعالم', 'AR'],
    ];
    const res = await translateCall(server(), { text: cases.map((c) => c[0]), target_lang: 'EN-US' });
    expect(res.data.translations.map((t: { detected_source_language: string }) => t.detected_source_language)).toEqual(cases.map((c) => c[1]));
  });

  it('detects from text only, not from markup', async () => {
    const res = await translateCall(server(), { text: ['<p class="the and is of">Привет мир</p>'], target_lang: 'DE', tag_handling: 'html' });
    expect(res.data.translations[0].detected_source_language).toBe('RU');
  });
});

describe('formality', () => {
  it('makes more and less formality visible on targets that support it', async () => {
    const more = await translateCall(server(), { text: ['How are you?'], target_lang: 'DE', formality: 'more' });
    const less = await translateCall(server(), { text: ['How are you?'], target_lang: 'DE', formality: 'less' });
    expect(more.data.translations[0].text).toBe(`(Sie) ${pseudoTranslate('How are you?', 'DE')}`);
    expect(less.data.translations[0].text).toBe(`(du) ${pseudoTranslate('How are you?', 'DE')}`);
    const fr = await translateCall(server(), { text: ['How are you?'], target_lang: 'fr', formality: 'prefer_more' });
    expect(fr.data.translations[0].text).toMatch(/^\(vous\) /);
  });

  it('fails more and less for targets without formality', async () => {
    for (const formality of ['more', 'less']) {
      const res = await translateCall(server(), { text: ['Hi'], target_lang: 'EN-GB', formality });
      expect(res.status).toBe(400);
      expect(res.data.message).toMatch(/not supported for target language EN-GB/);
    }
  });

  it('falls back to default for prefer_more and prefer_less without support', async () => {
    for (const formality of ['prefer_more', 'prefer_less', 'default']) {
      const res = await translateCall(server(), { text: ['Hi there'], target_lang: 'EN-GB', formality });
      expect(res.status).toBe(200);
      expect(res.data.translations[0].text).toBe(pseudoTranslate('Hi there', 'EN-GB'));
    }
  });

  it('rejects unknown formality values', async () => {
    expect((await translateCall(server(), { text: ['Hi'], target_lang: 'DE', formality: 'polite' })).status).toBe(400);
  });

  it('accepts formality for every target the spec marks as supporting it', async () => {
    for (const target of ['DE', 'ES', 'FR', 'IT', 'JA', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RU']) {
      expect((await translateCall(server(), { text: ['Hi'], target_lang: target, formality: 'less' })).status, target).toBe(200);
    }
  });
});

describe('model_type', () => {
  it('adds model_type_used only when model_type is set', async () => {
    const none = await translateCall(server(), { text: ['Hi'], target_lang: 'DE' });
    expect(none.data.model_type_used).toBeUndefined();
    const latency = await translateCall(server(), { text: ['Hi'], target_lang: 'DE', model_type: 'latency_optimized' });
    expect(latency.data.model_type_used).toBe('latency_optimized');
    expect(latency.data.translations[0].model_type_used).toBe('latency_optimized');
  });

  it('uses the quality model on the paid plan', async () => {
    for (const model_type of ['quality_optimized', 'prefer_quality_optimized']) {
      const res = await translateCall(server(), { text: ['Hi'], target_lang: 'DE', model_type });
      expect(res.data.model_type_used).toBe('quality_optimized');
    }
  });

  it('fails quality_optimized on the free plan; prefer_quality_optimized falls back', async () => {
    server().plan = 'free';
    try {
      const strict = await translateCall(server(), { text: ['Hi'], target_lang: 'DE', model_type: 'quality_optimized' });
      expect(strict.status).toBe(400);
      expect(strict.data.message).toMatch(/free plan/);
      const prefer = await translateCall(server(), { text: ['Hi'], target_lang: 'DE', model_type: 'prefer_quality_optimized' });
      expect(prefer.data.model_type_used).toBe('latency_optimized');
    } finally {
      server().plan = 'paid';
    }
  });

  it('rejects unknown model types', async () => {
    expect((await translateCall(server(), { text: ['Hi'], target_lang: 'DE', model_type: 'fast' })).status).toBe(400);
  });
});

describe('billing', () => {
  it('reports billed characters of text only, not context', async () => {
    const res = await translateCall(server(), { text: ['Hello', 'wörld 😀'], target_lang: 'DE', context: 'A long context that is not billed', show_billed_characters: true });
    expect(res.data.billed_characters).toBe(5 + 7);
    expect(res.data.translations.map((t: { billed_characters: number }) => t.billed_characters)).toEqual([5, 7]);
    expect(server().billedCharacters).toBe(12);
    expect(server().log[0].billedCharacters).toBe(12);
  });

  it('leaves billed_characters out unless asked', async () => {
    const res = await translateCall(server(), { text: ['Hello'], target_lang: 'DE', show_billed_characters: false });
    expect(res.data.billed_characters).toBeUndefined();
    expect(res.data.translations[0].billed_characters).toBeUndefined();
  });

  it('bills when source and target are the same language', async () => {
    const res = await translateCall(server(), { text: ['Hello'], source_lang: 'EN', target_lang: 'EN-US', show_billed_characters: true });
    expect(res.data.billed_characters).toBe(5);
  });

  it('does not translate context', async () => {
    const res = await translateCall(server(), { text: ['bank'], target_lang: 'DE', context: 'river bank' });
    expect(res.data.translations[0].text).toBe(pseudoTranslate('bank', 'DE'));
  });

  it('bills nothing for rejected requests', async () => {
    await translateCall(server(), { text: ['Hello'], target_lang: 'XX' });
    expect(server().billedCharacters).toBe(0);
  });
});

describe('form-encoded bodies', () => {
  it('accepts repeated text and 1/0 booleans', async () => {
    const res = await call(server(), 'POST', '/v2/translate', {
      form: [['text', 'Hello'], ['text', 'world'], ['target_lang', 'de'], ['show_billed_characters', '1'], ['preserve_formatting', '1']],
    });
    expect(res.status).toBe(200);
    expect(res.data.translations.map((t: { text: string }) => t.text)).toEqual(['Hëllö', 'wörld']);
    expect(res.data.billed_characters).toBe(10);
  });

  it('rejects booleans other than 1 and 0, and repeated single parameters', async () => {
    const bad = await call(server(), 'POST', '/v2/translate', { form: [['text', 'x'], ['target_lang', 'DE'], ['show_billed_characters', 'true']] });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toMatch(/must be 1 or 0/);
    const twice = await call(server(), 'POST', '/v2/translate', { form: [['text', 'x'], ['target_lang', 'DE'], ['target_lang', 'FR']] });
    expect(twice.status).toBe(400);
  });

  it('reads comma-separated tag lists', async () => {
    const res = await call(server(), 'POST', '/v2/translate', {
      form: [['text', '<r><x>Keep</x><y>Change</y></r>'], ['target_lang', 'DE'], ['tag_handling', 'xml'], ['ignore_tags', 'x,z'], ['preserve_formatting', '1']],
    });
    expect(res.data.translations[0].text).toBe('<r><x>Keep</x><y>Chängë</y></r>');
    expect(server().log[0].params).toMatchObject({ ignore_tags: ['x', 'z'] });
  });

  it('reads every parameter from a form body as from JSON; tag lists comma-separated or repeated', async () => {
    const glossary = await call(server(), 'POST', '/v3/glossaries', {
      json: { name: 'G', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'cat\tKatze', entries_format: 'tsv' }] },
    });
    const text = ['<p>The cat <b>sleeps</b></p>', '<p>A dog <code>x = 1</code></p>'];
    const json = {
      text, target_lang: 'DE', source_lang: 'EN', context: 'About pets', model_type: 'prefer_quality_optimized', split_sentences: 'nonewlines',
      preserve_formatting: true, formality: 'prefer_less', glossary_id: glossary.data.glossary_id, show_billed_characters: true, tag_handling: 'xml',
      outline_detection: false, non_splitting_tags: ['b', 'i'], splitting_tags: ['p', 'div'], ignore_tags: ['code'],
    };
    const form: [string, string][] = [
      ['text', text[0]], ['text', text[1]], ['target_lang', 'DE'], ['source_lang', 'EN'], ['context', 'About pets'], ['model_type', 'prefer_quality_optimized'],
      ['split_sentences', 'nonewlines'], ['preserve_formatting', '1'], ['formality', 'prefer_less'], ['glossary_id', glossary.data.glossary_id],
      ['show_billed_characters', '1'], ['tag_handling', 'xml'], ['outline_detection', '0'], ['non_splitting_tags', 'b,i'], ['splitting_tags', 'p'],
      ['splitting_tags', 'div'], ['ignore_tags', 'code'],
    ];
    const fromJson = await translateCall(server(), json);
    const fromForm = await call(server(), 'POST', '/v2/translate', { form });
    expect(fromJson.status).toBe(200);
    expect(fromForm.data).toEqual(fromJson.data);
    expect(fromForm.data.translations[0].text).toContain('Katze');
    expect(server().log[2].params).toEqual(server().log[1].params);
    expect(server().log[2].params).toMatchObject({ outline_detection: false, non_splitting_tags: ['b', 'i'], splitting_tags: ['p', 'div'], ignore_tags: ['code'] });
  });

  it.each([
    ['model_type', 'fast'],
    ['split_sentences', '2'],
    ['formality', 'polite'],
    ['tag_handling', 'markdown'],
    ['target_lang', 'EN'],
    ['source_lang', 'xx'],
    ['non_splitting_tags', 'b,not a tag'],
    ['ignore_tags', '<x>'],
  ])('refuses a form %s of %j exactly as JSON does', async (name, value) => {
    const asJson = await translateCall(server(), { text: ['x'], target_lang: 'DE', [name]: value });
    const form: [string, string][] = [['text', 'x'], ...(name === 'target_lang' ? [] : [['target_lang', 'DE'] as [string, string]]), [name, value]];
    const asForm = await call(server(), 'POST', '/v2/translate', { form });
    expect(asJson.status).toBe(400);
    expect({ status: asForm.status, body: asForm.data }).toEqual({ status: asJson.status, body: asJson.data });
  });

  it('rejects invalid percent-encoding', async () => {
    const res = await call(server(), 'POST', '/v2/translate', { form: 'text=%E0%A4%A&target_lang=DE' });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('Malformed form body');
  });
});

describe('parameter types in JSON', () => {
  it('rejects booleans written as strings or numbers', async () => {
    expect((await translateCall(server(), { text: ['x'], target_lang: 'DE', show_billed_characters: '1' })).status).toBe(400);
    expect((await translateCall(server(), { text: ['x'], target_lang: 'DE', preserve_formatting: 1 })).status).toBe(400);
  });

  it('accepts split_sentences 0, 1 and nonewlines as strings only', async () => {
    for (const v of ['0', '1', 'nonewlines']) expect((await translateCall(server(), { text: ['x'], target_lang: 'DE', split_sentences: v })).status).toBe(200);
    expect((await translateCall(server(), { text: ['x'], target_lang: 'DE', split_sentences: 0 })).status).toBe(400);
    expect((await translateCall(server(), { text: ['x'], target_lang: 'DE', split_sentences: 'yes' })).status).toBe(400);
  });

  it('rejects tag_handling values other than html and xml', async () => {
    expect((await translateCall(server(), { text: ['x'], target_lang: 'DE', tag_handling: 'markdown' })).status).toBe(400);
  });

  it('rejects tag lists holding something that is not a tag name', async () => {
    const res = await translateCall(server(), { text: ['x'], target_lang: 'DE', tag_handling: 'xml', ignore_tags: ['ok', 'not a tag'] });
    expect(res.status).toBe(400);
  });

  it('logs unknown parameters without failing', async () => {
    const res = await translateCall(server(), { text: ['x'], target_lang: 'DE', targetLang: 'FR' });
    expect(res.status).toBe(200);
    expect(server().log[0].unknownParams).toEqual(['targetLang']);
  });
});

describe('formatting and sentence splitting', () => {
  it('upper-cases sentence starts unless preserve_formatting is true', async () => {
    const text = 'hello there. how are you?\nfine';
    const plain = await translateCall(server(), { text: [text], target_lang: 'DE' });
    expect(plain.data.translations[0].text).toBe('Hëllö thërë. Höw ärë ÿöü?\nFïnë');
    const kept = await translateCall(server(), { text: [text], target_lang: 'DE', preserve_formatting: true });
    expect(kept.data.translations[0].text).toBe('hëllö thërë. höw ärë ÿöü?\nfïnë');
  });

  it('splits on newlines only with split_sentences 1', async () => {
    const text = 'one\ntwo. three';
    const split = async (s: string) => (await translateCall(server(), { text: [text], target_lang: 'DE', split_sentences: s })).data.translations[0].text;
    expect(await split('1')).toBe('Önë\nTwö. Thrëë');
    expect(await split('nonewlines')).toBe('Önë\ntwö. Thrëë');
    expect(await split('0')).toBe('Önë\ntwö. thrëë');
  });

  it('ignores split_sentences with the quality model', async () => {
    const res = await translateCall(server(), { text: ['one\ntwo. three'], target_lang: 'DE', split_sentences: '1', model_type: 'quality_optimized' });
    expect(res.data.translations[0].text).toBe('Önë\ntwö. thrëë');
  });
});

describe('tag handling', () => {
  const page = '<p class="intro" data-x=\'a &amp; b\'>Hello <a href="/x?a=1&amp;b=2" title="Link title">brave</a> new&nbsp;world &#169; &#x263A;<!-- a comment --><br/><img src=x alt="Alt text"></p>';

  it('keeps html markup byte for byte and translates only text', async () => {
    const res = await translateCall(server(), { text: [page], target_lang: 'DE', tag_handling: 'html' });
    const out: string = res.data.translations[0].text;
    expect(out).toBe('<p class="intro" data-x=\'a &amp; b\'>Hëllö <a href="/x?a=1&amp;b=2" title="Link title">brävë</a> nëw&nbsp;wörld &#169; &#x263A;<!-- a comment --><br/><img src=x alt="Alt text"></p>');
    const tags = (s: string) => s.match(/<[^>]*>|&[^;\s]+;/g);
    expect(tags(out)).toEqual(tags(page));
  });

  it('leaves script, style, ignore_tags and translate="no" content untouched', async () => {
    const html = '<div>Text<script>var s = "<b>not a tag</b>";</script><style>p{color:red}</style><code>keep code</code><span translate="no">Brand Name <b>Bold</b></span><span translate="no">no <i translate="yes">but yes</i></span> end</div>';
    const res = await translateCall(server(), { text: [html], target_lang: 'DE', tag_handling: 'html', ignore_tags: ['CODE'], preserve_formatting: true });
    expect(res.data.translations[0].text).toBe('<div>Tëxt<script>var s = "<b>not a tag</b>";</script><style>p{color:red}</style><code>keep code</code><span translate="no">Brand Name <b>Bold</b></span><span translate="no">no <i translate="yes">büt ÿës</i></span> ënd</div>');
  });

  it('handles xml with case-sensitive ignore_tags, CDATA and processing instructions', async () => {
    const xml = '<?xml version="1.0"?><doc><keep>Stay</keep><Keep>Go</Keep><![CDATA[raw <text>]]><t a="1"/>done</doc>';
    const res = await translateCall(server(), { text: [xml], target_lang: 'FR', tag_handling: 'xml', ignore_tags: ['keep'], preserve_formatting: true });
    expect(res.data.translations[0].text).toBe('<?xml version="1.0"?><doc><keep>Stay</keep><Keep>Gô</Keep><![CDATA[raw <text>]]><t a="1"/>dônê</doc>');
  });

  it('accepts outline_detection, splitting_tags and non_splitting_tags and logs them', async () => {
    const res = await translateCall(server(), {
      text: ['<doc><p>One</p><p>Two</p></doc>'],
      target_lang: 'DE',
      tag_handling: 'xml',
      outline_detection: false,
      split_sentences: 'nonewlines',
      splitting_tags: ['p'],
      non_splitting_tags: 'b,i',
    });
    expect(res.status).toBe(200);
    expect(server().log[0].params).toMatchObject({ outline_detection: false, splitting_tags: ['p'], non_splitting_tags: ['b', 'i'] });
  });

  it('capitalises only the first text of a markup element without preserve_formatting', async () => {
    const res = await translateCall(server(), { text: ['<b>read</b> more'], target_lang: 'DE', tag_handling: 'html' });
    expect(res.data.translations[0].text).toBe('<b>Rëäd</b> mörë');
  });

  it('puts the formality marker into the first text, not into markup', async () => {
    const res = await translateCall(server(), { text: ['<p> <b>Hi</b></p>'], target_lang: 'DE', tag_handling: 'html', formality: 'more' });
    expect(res.data.translations[0].text).toBe('<p> <b>(Sie) Hï</b></p>');
  });

  it('keeps unterminated or odd markup as it is', async () => {
    const odd = 'a < b and <b class="x>broken';
    const res = await translateCall(server(), { text: [odd], target_lang: 'DE', tag_handling: 'html', preserve_formatting: true });
    expect(res.data.translations[0].text).toBe('ä < b\u0308 änd <b class="x>broken');
  });

  it('translates 50 texts of 2.5 KB of html quickly enough to serve every e2e test', async () => {
    const block = '<p>Some <a href="https://example.com/a?b=c">linked text</a> and <em>emphasis</em> in a paragraph of an article. </p>'.repeat(22);
    expect(block.length).toBeGreaterThan(2400);
    const res = await translateCall(server(), { text: Array(50).fill(block), target_lang: 'DE', tag_handling: 'html' });
    expect(res.status).toBe(200);
    expect(res.data.translations).toHaveLength(50);
  });
});

describe('glossaries in translate', () => {
  async function createGlossary(entries: string, source = 'en', target = 'de', key = KEY): Promise<string> {
    const res = await call(server(), 'POST', '/v3/glossaries', {
      key,
      json: { name: 'Terms', dictionaries: [{ source_lang: source, target_lang: target, entries, entries_format: 'tsv' }] },
    });
    expect(res.status).toBe(201);
    return res.data.glossary_id;
  }

  it('replaces whole-word source phrases, case-insensitively, with their targets verbatim', async () => {
    const id = await createGlossary('web page\tWebseite\ncat\tKatze\nC++\tC-plus-plus');
    const res = await translateCall(server(), {
      text: ['Open the Web Page. A cat, the CAT, a category. I like C++ and webpages.'],
      source_lang: 'EN',
      target_lang: 'DE',
      glossary_id: id,
      preserve_formatting: true,
    });
    expect(res.status).toBe(200);
    expect(res.data.translations[0].text).toBe('Öpën thë Webseite. Ä Katze, thë Katze, ä cätëgörÿ. Ï lïkë C-plus-plus änd wëbpägës.');
  });

  it('prefers the longest phrase', async () => {
    const id = await createGlossary('new\tneu\nnew york\tNeu-York');
    const res = await translateCall(server(), { text: ['new york is new'], source_lang: 'en', target_lang: 'de', glossary_id: id, preserve_formatting: true });
    expect(res.data.translations[0].text).toBe('Neu-York ïs neu');
  });

  it('applies to target variants through the base language', async () => {
    const id = await createGlossary('Haus\thouse', 'de', 'en');
    for (const target of ['EN-GB', 'en-us']) {
      const res = await translateCall(server(), { text: ['Das Haus'], source_lang: 'DE', target_lang: target, glossary_id: id });
      expect(res.data.translations[0].text).toMatch(/ house$/);
    }
  });

  it('escapes glossary targets in markup', async () => {
    const id = await createGlossary('rd\tR&D <dept>');
    const res = await translateCall(server(), { text: ['<p>rd team</p>'], source_lang: 'EN', target_lang: 'DE', glossary_id: id, tag_handling: 'html', preserve_formatting: true });
    expect(res.data.translations[0].text).toBe('<p>R&amp;D &lt;dept&gt; tëäm</p>');
  });

  it('requires source_lang with a glossary', async () => {
    const id = await createGlossary('cat\tKatze');
    const res = await translateCall(server(), { text: ['cat'], target_lang: 'DE', glossary_id: id });
    expect(res.status).toBe(400);
    expect(res.data.message).toMatch(/source_lang/);
  });

  it('requires a dictionary for exactly the request pair', async () => {
    const id = await createGlossary('cat\tKatze');
    const res = await translateCall(server(), { text: ['cat'], source_lang: 'EN', target_lang: 'FR', glossary_id: id });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('The glossary has no dictionary for en→fr');
    const reverse = await translateCall(server(), { text: ['Katze'], source_lang: 'DE', target_lang: 'EN-GB', glossary_id: id });
    expect(reverse.status).toBe(400);
  });

  it('does not find unknown glossaries or those of another key', async () => {
    const theirs = await createGlossary('cat\tKatze', 'en', 'de', 'other-key');
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await translateCall(server(), { text: ['cat'], source_lang: 'EN', target_lang: 'DE', glossary_id: id });
      expect(res.status).toBe(404);
    }
  });

  it('uses the updated entries after a PATCH', async () => {
    const id = await createGlossary('cat\tKatze');
    await call(server(), 'PATCH', `/v3/glossaries/${id}`, { json: { dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'cat\tMieze', entries_format: 'tsv' }] } });
    const res = await translateCall(server(), { text: ['cat'], source_lang: 'EN', target_lang: 'DE', glossary_id: id });
    expect(res.data.translations[0].text).toBe('Mieze');
  });
});

describe('request log', () => {
  it('records what the client sent', async () => {
    await translateCall(server(), { text: ['a', 'b'], target_lang: 'de', formality: 'prefer_less', show_billed_characters: true });
    const [record] = server().log;
    expect(record).toMatchObject({
      method: 'POST',
      path: '/v2/translate',
      contentType: 'application/json',
      textCount: 2,
      billedCharacters: 2,
      status: 200,
      params: { text: ['a', 'b'], target_lang: 'DE', formality: 'prefer_less', show_billed_characters: true },
    });
    expect(record.bodyBytes).toBe(JSON.stringify({ text: ['a', 'b'], target_lang: 'de', formality: 'prefer_less', show_billed_characters: true }).length);
    expect(record.durationMs).toBeGreaterThan(0);
    expect(JSON.stringify(server().log)).not.toContain(KEY);
  });
});
