// Which language the page is in, and which text is worth sending. `source_lang` is sent only
// when Glossa is confident (the user fixed it, or detection is reliable and does not contradict
// the page's own `lang`); otherwise the API detects it. Text already in the target language
// is not sent: the API would bill it anyway.

/** What `browser.i18n.detectLanguage` answers (Chrome and Firefox agree on this shape). */
interface DetectedLanguage {
  isReliable: boolean;
  languages: { language: string; percentage: number }[];
}

export type DetectLanguage = (text: string) => Promise<DetectedLanguage | undefined>;

/** The language of a document's text: it samples the text itself (an answer asked for earlier needs no sample). */
export type DetectPageLanguage = (doc: Document) => Promise<DetectedLanguage | undefined>;

/** Base languages the API accepts as a source (the spec lists targets; sources match their bases). */
const SOURCE_BASES: ReadonlySet<string> = new Set([
  'ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'hu', 'id', 'it', 'ja', 'ko', 'lt',
  'lv', 'nb', 'nl', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'tr', 'uk', 'zh',
]);

/** `en-GB` → `en`; Norwegian's generic code maps to Bokmål, which the API names. */
export function baseOf(code: string | null | undefined): string {
  const base = (code ?? '').trim().split(/[-_]/)[0].toLowerCase();
  return base === 'no' ? 'nb' : base;
}

/** Minimum share of the sample the top detected language must have. */
const CONFIDENT_PERCENTAGE = 70;

export interface LanguageDecision {
  /** Upper-case base code to send as `source_lang`, or undefined to let the API detect. */
  sourceLang?: string;
  /** Best knowledge of the page's language (base code, '' when unknown). */
  pageLanguage: string;
}

export function decideSourceLanguage(input: { fixedSource: string; pageLang: string; detected?: DetectedLanguage }): LanguageDecision {
  const fixed = baseOf(input.fixedSource);
  if (fixed) return { sourceLang: fixed.toUpperCase(), pageLanguage: fixed };
  const declared = baseOf(input.pageLang);
  const top = input.detected?.languages?.[0];
  const detected = input.detected?.isReliable && top && top.percentage >= CONFIDENT_PERCENTAGE ? baseOf(top.language) : '';
  if (detected && detected !== 'und' && (!declared || declared === detected)) {
    return { sourceLang: SOURCE_BASES.has(detected) ? detected.toUpperCase() : undefined, pageLanguage: detected };
  }
  // Page and detection disagree, or detection is unsure: trust what the text itself says when
  // it is reliable, but let the API decide the source.
  return { pageLanguage: detected && detected !== 'und' ? detected : declared };
}

/** What a document's language was decided to be, and the `lang` it declared then. */
interface PageDecision {
  declared: string;
  decision: LanguageDecision;
}

/**
 * The decision to use when the same document is translated again. Detection may be late once
 * (the start does not wait for it) and quick the next time: the page keeps its earlier source
 * language unless it now declares another language or its text reads as one, because a changed
 * source language changes every block's identity and each would be billed again.
 */
export function keepPageDecision(earlier: PageDecision | undefined, fresh: PageDecision): LanguageDecision {
  if (!earlier || earlier.declared !== fresh.declared) return fresh.decision;
  const language = fresh.decision.pageLanguage;
  // Left to the API's detection before, so again: right for any text, and the same identity.
  if (!earlier.decision.sourceLang) return { pageLanguage: language || earlier.decision.pageLanguage };
  return !language || language === earlier.decision.pageLanguage ? earlier.decision : fresh.decision;
}

/** How long language detection may hold up the start. */
const DETECTION_WAIT_MS = 200;
/** The language each document was last translated from (see keepPageDecision). */
const pageDecisions = new WeakMap<Document, PageDecision>();

/**
 * The languages for a translation of `doc` starting now: detection is asked (and waited for
 * DETECTION_WAIT_MS at most) unless the user fixed the source; the document keeps its earlier
 * decision where keepPageDecision says so.
 */
export async function decideForPage(doc: Document, fixedSource: string, detect?: DetectPageLanguage): Promise<LanguageDecision> {
  const detected = detect && !fixedSource
    ? await Promise.race([
        detect(doc).catch(() => undefined),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), DETECTION_WAIT_MS)),
      ])
    : undefined;
  const declared = doc.documentElement?.getAttribute('lang') ?? '';
  const fresh = decideSourceLanguage({ fixedSource, pageLang: declared, detected });
  if (fixedSource) return fresh;
  const decision = keepPageDecision(pageDecisions.get(doc), { declared, decision: fresh });
  pageDecisions.set(doc, { declared, decision });
  return decision;
}

/** The rule for a language tag found on an element (or the page): translate its text or not. */
export function languageFilter(targetLang: string, fixedSource: string): (lang: string) => boolean {
  const target = baseOf(targetLang);
  const source = baseOf(fixedSource);
  return (lang: string) => {
    const base = baseOf(lang);
    if (!base) return true;
    if (base === target) return false;
    return !source || base === source;
  };
}

/** Text for language detection: the first few thousand characters of visible prose. */
export function textSample(doc: Document, maxChars = 3000): string {
  const body = doc.body;
  if (!body) return '';
  const walker = doc.createTreeWalker(body, 4 /* SHOW_TEXT */);
  let sample = '';
  for (let node = walker.nextNode(); node && sample.length < maxChars; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || /^(script|style|noscript|template|code|pre)$/i.test(parent.localName)) continue;
    const text = (node as Text).data.replace(/\s+/g, ' ').trim();
    if (text.length > 1) sample += text + ' ';
  }
  return sample.slice(0, maxChars);
}
