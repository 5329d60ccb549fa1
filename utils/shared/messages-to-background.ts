// Every message the background receives: who may send it and the schema its data must fit.
// Only the background (and tests) load this file; content scripts send these messages but never
// validate them, so their bundle carries none of these schemas.
import * as v from 'valibot';
import { API_ERROR_CODES } from './api-errors';
import { isWellFormedKey } from './connection';
import { normaliseHostname } from './hosts';
import { LANGUAGE_CODE, PAIR_KEY, baseLanguage } from './language-code';
import { MAX_CONTEXT_CHARS, MAX_SELECTION_CHARS, MAX_SELECTION_HTML_CHARS, PAGE_BATCH_LIMIT, PAGE_LIMITS } from './limits';
import { listen, type Handler, type MessageRules } from './protocol';
import { FORMALITIES, MODEL_TYPES, PLANS } from './settings';
import { MAX_SELECTOR_LENGTH } from './site-scope';
import { startupDone } from './startup-gate';

/** Messages without data: anything extra is dropped. */
const none = v.pipe(v.optional(v.looseObject({}), {}), v.transform((): Record<string, never> => ({})));
const languageCode = v.pipe(v.string(), v.trim(), v.maxLength(16), v.regex(LANGUAGE_CODE, 'not a language code'), v.toUpperCase());
/** '' = detect. */
const sourceCode = v.union([v.literal(''), languageCode]);
/** Glossary payloads use base codes in lower case (EN-GB → en). */
const baseCode = v.pipe(v.string(), v.trim(), v.regex(LANGUAGE_CODE, 'not a language code'), v.transform(baseLanguage));
/** Ids go into URL paths: the UUID shape the API hands out, and nothing path-like. */
const glossaryId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, 'not a glossary id'));
const tabId = v.pipe(v.number(), v.integer(), v.minValue(0));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Block and character counts a page reports: at most a billion keeps every sum a safe integer. */
const reportedCount = v.pipe(count, v.maxValue(1e9));
const oneLine = (max: number) => v.pipe(v.string(), v.transform((text) => text.replace(/\s+/g, ' ').trim().slice(0, max)));

export const jobOptionsSchema = v.pipe(
  v.object({
    targetLang: languageCode,
    sourceLang: sourceCode,
    formality: v.picklist(FORMALITIES),
    modelType: v.picklist(MODEL_TYPES),
    glossaryId: v.optional(glossaryId),
    bilingual: v.boolean(),
  }),
  // The spec: glossary_id needs source_lang.
  v.check((job) => !job.glossaryId || job.sourceLang !== '', 'a glossary needs a source language'),
);

/** The address of a custom server is checked by saveSettings, which names the problem to the user. */
const connectionSchema = v.object({
  apiKey: v.pipe(v.string(), v.maxLength(4096), v.trim(), v.check(isWellFormedKey, 'contains spaces or control characters')),
  plan: v.picklist(PLANS),
  customUrl: v.optional(v.pipe(v.string(), v.maxLength(2048), v.trim()), ''),
});

/** A connection to test as typed: the test itself names what is wrong with it. */
const connectionDraft = v.object({
  apiKey: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
  plan: v.picklist(PLANS),
  customUrl: v.optional(v.pipe(v.string(), v.maxLength(2048)), ''),
});

const defaultsSchema = v.object({
  targetLang: languageCode,
  sourceLang: v.optional(sourceCode, ''),
  formality: v.picklist(FORMALITIES),
  modelType: v.picklist(MODEL_TYPES),
  bilingual: v.boolean(),
});

const hostList = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(300), v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const host = normaliseHostname(dataset.value);
    if (host) return host;
    addIssue({ message: 'not a host name' });
    return NEVER;
  }))),
  v.transform((hosts) => [...new Set(hosts)]),
);

const settingsPatch = v.pipe(
  v.object({
    connection: v.optional(connectionSchema),
    defaults: v.optional(defaultsSchema),
    siteRules: v.optional(v.object({ always: hostList, never: hostList })),
    defaultGlossaries: v.optional(v.pipe(
      v.record(v.pipe(v.string(), v.regex(PAIR_KEY, 'not a language pair')), v.pipe(v.string(), v.maxLength(200), v.trim())),
      // An empty id clears the pair's default.
      v.transform((pairs) => Object.fromEntries(Object.entries(pairs).filter(([, id]) => id !== ''))),
    )),
  }),
);

/** A CSS selector as the picker makes it; the page parses it (a worker has no selector engine). */
const selectorSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_SELECTOR_LENGTH), v.regex(/^[^{};\n\r]*$/, 'not a selector'));

const block = v.object({ text: v.pipe(v.string(), v.maxLength(PAGE_LIMITS.maxBlockChars)), format: v.picklist(['html', 'text']) });

const dictionary = v.object({
  source_lang: baseCode,
  target_lang: baseCode,
  entries: v.string(),
  entries_format: v.picklist(['tsv', 'csv']),
});

/** A glossary phrase as typed: its rules are checked by the service, which names the problem per field. */
const phrase = v.pipe(v.string(), v.maxLength(4096));

const glossaryName = v.pipe(v.string(), v.check((name) => name.trim() !== '', 'a glossary needs a name'), v.maxLength(1024));

export const backgroundMessages = {
  // ── from content scripts ──
  translateBlocks: {
    from: ['content-script'],
    data: v.object({
      // One batch of the engine: several blocks within its characters, or one larger block alone.
      blocks: v.pipe(v.array(block), v.maxLength(PAGE_LIMITS.maxBlocks), v.check((blocks) => blocks.length <= 1 || blocks.reduce((sum, b) => sum + b.text.length, 0) <= PAGE_LIMITS.maxTotalChars, 'too much text in one message')),
      // An odd detected language is dropped, not a reason to fail.
      sourceLang: v.optional(v.pipe(v.unknown(), v.transform((code) => (typeof code === 'string' && LANGUAGE_CODE.test(code) ? code : undefined)))),
      priority: v.optional(v.boolean()),
    }),
  },
  reportProgress: {
    from: ['top-frame-content-script'],
    data: v.pipe(
      v.object({
        state: v.picklist(['translating', 'translated', 'original', 'error']),
        total: reportedCount,
        done: reportedCount,
        failed: reportedCount,
        billedCharacters: reportedCount,
        errorCode: v.optional(v.picklist(API_ERROR_CODES)),
      }),
      v.check((r) => r.done + r.failed <= r.total, 'more blocks done than there are'),
    ),
  },
  translateSelection: {
    from: ['content-script'],
    // At least what the content script sends (utils/content/selection/capture.ts uses the same limits).
    data: v.pipe(
      v.object({
        html: v.optional(v.pipe(v.string(), v.maxLength(MAX_SELECTION_HTML_CHARS))),
        text: v.optional(v.pipe(v.string(), v.maxLength(MAX_SELECTION_CHARS))),
        // The paragraph is only a hint: an oversized one is cut, not a reason to fail.
        context: v.optional(oneLine(MAX_CONTEXT_CHARS)),
        targetLang: v.optional(languageCode),
      }),
      v.check((s) => (s.html === undefined) !== (s.text === undefined), 'exactly one of html and text'),
      v.check((s) => (s.html ?? s.text ?? '').trim() !== '', 'nothing selected'),
    ),
    // The popover tells an overlong selection (nothing the user can fix in the settings) from a broken request.
    invalidCode: ({ field, type }) => ((field === 'html' || field === 'text') && type === 'max_length' ? 'too-large' : 'bad-request'),
  },
  openOptionsFromSelection: { from: ['content-script'], data: none },
  loadPageExtras: { from: ['content-script'], data: none },
  loadPageScript: { from: ['content-script'], data: none },
  // Fixing a term (term-service.ts): the phrases' own rules (empty, control characters, spaces,
  // 1024 bytes) are the glossary manager's and are answered as `invalid`, field by field.
  // They come from the term form frame only (an extension page out of the page's process):
  // a content script can neither read glossaries nor write them (docs/privacy.md).
  termFixOptions: { from: ['term-form-frame'], data: v.object({ sourceLang: baseCode, targetLang: baseCode }) },
  termFixSave: {
    from: ['term-form-frame'],
    data: v.object({
      source: phrase,
      target: phrase,
      sourceLang: baseCode,
      targetLang: baseCode,
      // '' = a new glossary named `newName`.
      glossaryId: v.union([v.literal(''), glossaryId]),
      newName: v.optional(phrase),
      replace: v.optional(v.boolean()),
    }),
  },
  termFixUndo: { from: ['term-form-frame'], data: v.object({ undoId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }) },
  termFixRefresh: { from: ['term-form-frame'], data: v.object({ glossaryId, source: phrase, sourceLang: baseCode, targetLang: baseCode }) },
  // What the page shows, handed to a form the user opened (term-form.ts): the most a content script learns is its own text back.
  termFormOpen: {
    // The PDF viewer (an extension page in a tab) opens the same frame for its own selections.
    from: ['content-script', 'extension-page'],
    data: v.variant('kind', [
      v.object({ kind: v.literal('add'), source: phrase, target: phrase, sourceLang: languageCode, targetLang: languageCode }),
      v.object({
        kind: v.literal('fix'),
        original: v.pipe(v.string(), v.maxLength(PAGE_LIMITS.maxBlockChars)),
        translation: v.pipe(v.string(), v.maxLength(PAGE_LIMITS.maxBlockChars)),
        selected: phrase,
        sourceLang: languageCode,
        targetLang: languageCode,
      }),
    ]),
  },
  termFormData: { from: ['term-form-frame'], data: v.object({ handle: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'not a form handle')) }) },
  languages: { from: ['extension-page', 'content-script'], data: v.object({ type: v.optional(v.picklist(['source', 'target']), 'target') }) },
  // Writing help (writing-service.ts): a draft the user asked to translate in one of the tab's fields.
  translateDraft: {
    from: ['content-script'],
    data: v.pipe(
      v.object({
        html: v.pipe(v.string(), v.maxLength(MAX_SELECTION_HTML_CHARS)),
        pageLang: v.optional(v.pipe(v.unknown(), v.transform((code) => (typeof code === 'string' && LANGUAGE_CODE.test(code) ? code : ''))), ''),
        draftLang: v.optional(v.pipe(v.unknown(), v.transform((code) => (typeof code === 'string' && LANGUAGE_CODE.test(code) ? code : ''))), ''),
        targetLang: v.optional(languageCode),
        formality: v.optional(v.picklist(FORMALITIES)),
        glossaryId: v.optional(v.union([v.literal(''), glossaryId])),
      }),
      v.check((d) => d.html.trim() !== '', 'nothing to translate'),
    ),
    invalidCode: ({ field, type }) => (field === 'html' && type === 'max_length' ? 'too-large' : 'bad-request'),
  },
  // Pointing (pointing-service.ts): one block at a time, a selector the picker made.
  pointingSetup: { from: ['content-script'], data: none },
  translatePointed: {
    from: ['content-script'],
    data: v.object({
      block,
      sourceLang: v.optional(v.pipe(v.unknown(), v.transform((code) => (typeof code === 'string' && LANGUAGE_CODE.test(code) ? code : undefined)))),
    }),
  },
  excludeElement: { from: ['content-script'], data: v.object({ selector: selectorSchema, undo: v.optional(v.boolean()) }) },

  // ── from extension pages (options, popup): these reach the key, the API and other tabs ──
  getSettings: { from: ['extension-page'], data: none },
  saveSettings: { from: ['extension-page'], data: settingsPatch, invalidCode: 'invalid-settings' },
  testConnection: { from: ['extension-page'], data: v.object({ connection: v.optional(connectionDraft) }) },
  cacheStats: { from: ['extension-page'], data: none },
  clearCache: { from: ['extension-page'], data: none },
  usage: { from: ['extension-page'], data: none },
  clearPrivateTraces: { from: ['extension-page'], data: none },
  getTabInfo: { from: ['extension-page'], data: v.object({ tabId }) },
  translatePage: { from: ['extension-page'], data: v.object({ tabId, options: jobOptionsSchema }) },
  showPageOriginal: { from: ['extension-page'], data: v.object({ tabId }) },
  continueSpending: { from: ['extension-page'], data: v.object({ tabId }) },
  spendingLimits: { from: ['extension-page'], data: none },
  saveSpendingLimits: {
    from: ['extension-page'],
    // At most a billion characters: any real budget fits, and the figure stays a safe integer.
    data: v.object({ siteHourCeiling: v.pipe(count, v.minValue(1), v.maxValue(1e9)), monthlyBudget: v.pipe(count, v.maxValue(1e9)) }),
  },
  retryPageFailed: { from: ['extension-page'], data: v.object({ tabId }) },
  setSiteRule: {
    from: ['extension-page'],
    data: v.object({
      hostname: v.pipe(v.string(), v.rawTransform(({ dataset, addIssue, NEVER }) => normaliseHostname(dataset.value) ?? (addIssue({ message: 'not a host name' }), NEVER))),
      rule: v.picklist(['always', 'never', 'none']),
    }),
  },
  glossaryList: { from: ['extension-page'], data: none },
  glossaryGet: { from: ['extension-page'], data: v.object({ id: glossaryId }) },
  glossaryEntries: { from: ['extension-page'], data: v.object({ id: glossaryId, sourceLang: baseCode, targetLang: baseCode }) },
  glossaryCreate: { from: ['extension-page'], data: v.object({ name: glossaryName, dictionaries: v.pipe(v.array(dictionary), v.minLength(1)) }) },
  glossaryPutDictionary: { from: ['extension-page'], data: v.object({ id: glossaryId, dictionary }) },
  glossaryPatch: {
    from: ['extension-page'],
    data: v.pipe(
      v.object({ id: glossaryId, name: v.optional(glossaryName), dictionary: v.optional(dictionary) }),
      v.check((patch) => patch.name !== undefined || patch.dictionary !== undefined, 'nothing to change'),
    ),
  },
  glossaryDeleteGlossary: { from: ['extension-page'], data: v.object({ id: glossaryId }) },
  glossaryDeleteDictionary: { from: ['extension-page'], data: v.object({ id: glossaryId, sourceLang: baseCode, targetLang: baseCode }) },
  writingPrefs: { from: ['extension-page'], data: none },
  clearWritingPrefs: {
    from: ['extension-page'],
    data: v.object({ site: v.optional(v.pipe(v.string(), v.rawTransform(({ dataset, addIssue, NEVER }) => normaliseHostname(dataset.value) ?? (addIssue({ message: 'not a host name' }), NEVER)))) }),
  },
  openFieldPanel: { from: ['content-script'], data: none },
  writingButtonSites: { from: ['extension-page'], data: none },
  setWritingButtonSite: {
    from: ['extension-page'],
    data: v.object({
      site: v.pipe(v.string(), v.rawTransform(({ dataset, addIssue, NEVER }) => normaliseHostname(dataset.value) ?? (addIssue({ message: 'not a host name' }), NEVER))),
      on: v.boolean(),
    }),
  },
  // The PDF viewer is an extension page in a tab; what it reads from a PDF is untrusted text.
  pdfViewerStart: { from: ['extension-page'], data: v.object({ file: v.pipe(v.string(), v.maxLength(4096)) }) },
  translatePdfBlocks: {
    from: ['extension-page'],
    data: v.object({
      texts: v.pipe(v.array(v.pipe(v.string(), v.maxLength(PAGE_LIMITS.maxBlockChars))), v.maxLength(PAGE_BATCH_LIMIT.blocks), v.check((texts) => texts.reduce((sum, t) => sum + t.length, 0) <= PAGE_LIMITS.maxTotalChars, 'too much text in one message')),
      file: v.pipe(v.string(), v.maxLength(4096)),
      priority: v.optional(v.boolean()),
    }),
  },
  openPdfViewer: { from: ['extension-page'], data: v.object({ tabId }) },
  pdfPassThrough: { from: ['extension-page'], data: v.object({ url: v.pipe(v.string(), v.maxLength(4096), v.url()) }) },
  translatePdfSelection: {
    from: ['extension-page'],
    data: v.pipe(
      v.object({
        text: v.pipe(v.string(), v.maxLength(MAX_SELECTION_CHARS)),
        context: v.optional(oneLine(MAX_CONTEXT_CHARS)),
        targetLang: v.optional(languageCode),
        file: v.pipe(v.string(), v.maxLength(4096)),
      }),
      v.check((s) => s.text.trim() !== '', 'nothing selected'),
    ),
    invalidCode: ({ field, type }) => (field === 'text' && type === 'max_length' ? 'too-large' : 'bad-request'),
  },
} satisfies MessageRules<BackgroundMessage>;

type BackgroundMessage =
  | 'translateBlocks' | 'reportProgress' | 'translateSelection' | 'openOptionsFromSelection' | 'languages'
  | 'loadPageExtras' | 'loadPageScript'
  | 'termFixOptions' | 'termFixSave' | 'termFixUndo' | 'termFixRefresh' | 'termFormOpen' | 'termFormData'
  | 'pointingSetup' | 'translatePointed' | 'excludeElement'
  | 'getSettings' | 'saveSettings' | 'testConnection' | 'cacheStats' | 'clearCache' | 'usage' | 'clearPrivateTraces'
  | 'getTabInfo' | 'translatePage' | 'showPageOriginal' | 'retryPageFailed' | 'setSiteRule'
  | 'continueSpending' | 'spendingLimits' | 'saveSpendingLimits'
  | 'glossaryList' | 'glossaryGet' | 'glossaryEntries' | 'glossaryCreate' | 'glossaryPutDictionary'
  | 'glossaryPatch' | 'glossaryDeleteGlossary' | 'glossaryDeleteDictionary'
  | 'translateDraft' | 'writingPrefs' | 'clearWritingPrefs'
  | 'openFieldPanel' | 'writingButtonSites' | 'setWritingButtonSite'
  | 'pdfViewerStart' | 'translatePdfBlocks' | 'openPdfViewer' | 'pdfPassThrough' | 'translatePdfSelection';

/** Registers the background's handler for one message; its sender and data are checked first. */
export function onBackgroundMessage<K extends BackgroundMessage>(type: K, handler: Handler<K>): () => void {
  return listen(type, backgroundMessages[type] as never, (async (message: Parameters<Handler<K>>[0]) => {
    await startupDone();
    return handler(message);
  }) as Handler<K>);
}
