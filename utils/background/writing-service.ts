// The background's door for writing help: a draft from a field the user asked about goes
// through the one translation pipeline as a private window's text would (memory cache only,
// never the disk cache, counted in the month's total but never under the site), into the
// language the user writes to: the one picked for the site, else the page's own language.
// The pair's default glossary applies when the draft's language is known (the API needs
// source_lang with glossary_id); no `context` is sent: a draft is the user's own words, and
// the page around it is not needed to translate them.
import type { Formality, Glossary } from '../shared/api-types';
import { baseLanguage } from '../shared/language-code';
import { FALLBACK_TARGET_LANGUAGES } from '../shared/languages';
import { onBackgroundMessage } from '../shared/messages-to-background';
import type { DraftRequest, DraftTranslation, MessageSender, WritingPrefs } from '../shared/protocol';
import { defaultGlossariesItem } from '../extension/settings-store';
import { writingPrefsItem } from '../extension/writing-prefs';
import { translationService, type TranslationService } from './translation/service';
import { currentJobOptions } from './job-options';
import { defaultGlossaryFor } from '../shared/default-glossary';
import { preferFormality } from '../shared/formality';
import { hostnameOf } from './site-rules';
import { translateWaitedText } from './waited-text';

export interface WritingServiceDeps {
  service?: TranslationService;
}

interface DraftOrigin {
  tabId: number;
  site: string;
  privateTab?: boolean;
}

/** Targets preferred for a bare base language (the API's targets name variants). */
const PREFERRED_VARIANT: Record<string, string> = { EN: 'EN-US', PT: 'PT-BR', ZH: 'ZH-HANS' };

/** The API target for a page's language (`de`, `en-GB`, `pt`), or undefined when the API has none. */
export function writingTargetFor(pageLang: string): string | undefined {
  const upper = pageLang.trim().toUpperCase().replace('_', '-');
  if (!upper) return undefined;
  const codes = FALLBACK_TARGET_LANGUAGES.map((lang) => lang.language.toUpperCase());
  if (codes.includes(upper)) return upper;
  const base = upper.split('-')[0] === 'NO' ? 'NB' : upper.split('-')[0];
  const preferred = PREFERRED_VARIANT[base] ?? base;
  return codes.includes(preferred) ? preferred : undefined;
}

/** Glossaries that have a dictionary for exactly this pair (variants as base languages). */
function glossariesFor(list: readonly Glossary[], source: string, target: string): { id: string; name: string }[] {
  const from = baseLanguage(source);
  const to = baseLanguage(target);
  return list
    .filter((g) => g.dictionaries.some((d) => baseLanguage(d.source_lang) === from && baseLanguage(d.target_lang) === to))
    .map((g) => ({ id: g.glossary_id, name: g.name }));
}

async function rememberChoice(site: string, choice: { targetLang?: string; formality?: Formality }): Promise<void> {
  const prefs = await writingPrefsItem.getValue();
  const current = prefs[site] ?? {};
  await writingPrefsItem.setValue({
    ...prefs,
    [site]: {
      ...current,
      ...(choice.targetLang ? { targetLang: choice.targetLang } : {}),
      ...(choice.formality ? { formality: choice.formality } : {}),
    },
  });
}

/** Translates one draft for a tab's field; choices the user made in the panel are remembered for the site (not in private windows). */
async function translateDraftFor(request: DraftRequest, origin: DraftOrigin, deps: WritingServiceDeps = {}): Promise<DraftTranslation> {
  const [job, prefs, defaultGlossaries] = await Promise.all([currentJobOptions(), writingPrefsItem.getValue(), defaultGlossariesItem.getValue()]);
  const remember = !origin.privateTab && origin.site !== '';
  const sitePrefs = remember ? prefs[origin.site] ?? {} : {};
  const targetLang = (request.targetLang ?? sitePrefs.targetLang ?? writingTargetFor(request.pageLang) ?? job.targetLang).toUpperCase();
  const formality: Formality = request.formality ?? sitePrefs.formality ?? 'default';
  if (remember && (request.targetLang || request.formality)) {
    await rememberChoice(origin.site, { targetLang: request.targetLang?.toUpperCase(), formality: request.formality });
  }

  const source = request.draftLang ? baseLanguage(request.draftLang).toUpperCase() : '';
  let glossaries: { id: string; name: string }[] = [];
  let glossaryId = '';
  const service = deps.service ?? translationService();
  if (source && baseLanguage(source) !== baseLanguage(targetLang)) {
    // The pipeline's own list (cached a minute): without it no glossary can be checked, so translate without one rather than fail.
    glossaries = glossariesFor(await service.listGlossaries().catch(() => []), source, targetLang);
    const wanted = request.glossaryId ?? defaultGlossaryFor(source, targetLang, defaultGlossaries) ?? '';
    glossaryId = glossaries.some((g) => g.id === wanted) ? wanted : '';
  }

  const { text, detectedSourceLang, billedCharacters } = await translateWaitedText(service, {
    tabId: origin.tabId,
    site: origin.site,
    // A draft is kept like a private window's text: memory only, never under its site.
    privateTab: true,
    job: {
      targetLang,
      // source_lang only with a glossary (the API needs it there); otherwise the API detects.
      sourceLang: glossaryId ? source : '',
      formality: preferFormality(formality),
      modelType: job.modelType,
      glossaryId,
    },
  }, { text: request.html, format: 'html' });
  return {
    translation: text,
    detectedSourceLang: (detectedSourceLang ?? source).toUpperCase(),
    targetLang,
    formality,
    glossaryId,
    glossaries,
    billedCharacters,
  };
}

function handleTranslateDraft(data: DraftRequest, sender: MessageSender, deps: WritingServiceDeps = {}): Promise<DraftTranslation> {
  return translateDraftFor(data, { tabId: sender.tab!.id!, site: hostnameOf(sender.tab?.url ?? sender.url), privateTab: sender.tab?.incognito === true }, deps);
}

async function clearWritingPrefs(site?: string): Promise<WritingPrefs> {
  if (site === undefined) {
    await writingPrefsItem.setValue({});
    return {};
  }
  const prefs = { ...(await writingPrefsItem.getValue()) };
  delete prefs[site];
  await writingPrefsItem.setValue(prefs);
  return prefs;
}

/** Registers the writing-help messages; call once, synchronously, when the worker starts. */
export function registerWritingService(deps: WritingServiceDeps = {}): () => void {
  const offs = [
    onBackgroundMessage('translateDraft', ({ data, sender }) => handleTranslateDraft(data, sender, deps)),
    onBackgroundMessage('writingPrefs', () => writingPrefsItem.getValue()),
    onBackgroundMessage('clearWritingPrefs', ({ data }) => clearWritingPrefs(data.site)),
  ];
  return () => offs.forEach((off) => off());
}
