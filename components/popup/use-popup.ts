// The popup's state: it paints at once from built-in defaults, then fills in the saved
// choices, the tab's state (watched live in storage.session), the language lists and the
// glossaries as each arrives. Every privileged step goes through the background.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Glossary, Language } from '@/utils/shared/api-types';
import { EMPTY_TAB_STATE, showsTranslation as pageShowsTranslation, watchTabState, type TabState } from '@/utils/shared/tab-state';
import { resolveJobOptions, sameJob } from '@/utils/shared/job-options';
import { defaultGlossaryFor } from '@/utils/shared/default-glossary';
import { preferFormality } from '@/utils/shared/formality';
import { FALLBACK_SOURCE_LANGUAGES, FALLBACK_TARGET_LANGUAGES } from '@/utils/shared/languages';
import { sendMessage, type PageJobOptions, type SiteRule, type TabInfo } from '@/utils/shared/protocol';
import { defaultGlossariesItem, defaultsItem, popupChoicesItem } from '@/utils/extension/settings-store';
import { type DefaultGlossaries, type TranslationDefaults } from '@/utils/shared/settings';
import { t } from '@/utils/shared/i18n';
import { glossaryChoices, type GlossaryMenuOption } from './glossary-choices';
import { errorText } from '../ui/error-text';

/** The defaults' built-in values, so the first paint needs no storage read. */
const BUILT_IN_DEFAULTS: TranslationDefaults = defaultsItem.fallback;

interface PopupModel {
  tabId: number | undefined;
  info: TabInfo | undefined;
  state: TabState;
  choices: PageJobOptions;
  targets: readonly Language[];
  sources: readonly Language[];
  glossaries: GlossaryMenuOption[];
  /** The main button shows the original (the page shows a translation made with these choices). */
  showsTranslation: boolean;
  busy: boolean;
  /** A message, request or permission that failed just now. */
  actionError: string | undefined;
  setTarget(code: string): void;
  setSource(code: string): void;
  setGlossary(value: string): void;
  setFormality(value: PageJobOptions['formality']): void;
  setModel(value: PageJobOptions['modelType']): void;
  setBilingual(value: boolean): void;
  runMain(): Promise<void>;
  retry(): Promise<void>;
  /** Goes on past a spending pause of this tab. */
  continueSpending(): Promise<void>;
  /** Must run inside the click handler: a permission prompt needs the user's gesture. */
  toggleRule(rule: Exclude<SiteRule, 'none'>, on: boolean): Promise<void>;
}

async function activeTabId(): Promise<number | undefined> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

/** The tab a popup opened as `popup.html?tabId=N` controls (tests and the demo tour open it so). */
export function tabIdFromQuery(search: string): number | undefined {
  const value = new URLSearchParams(search).get('tabId');
  const id = value === null ? NaN : Number(value);
  return Number.isInteger(id) && id >= 0 ? id : undefined;
}

function withoutGlossary(job: PageJobOptions): PageJobOptions {
  const copy = { ...job };
  delete copy.glossaryId;
  return copy;
}

/** Keeps a glossary only while it has a dictionary for the pair; otherwise the pair's default, if any. */
function fitGlossary(job: PageJobOptions, glossaries: readonly Glossary[], defaults: DefaultGlossaries): PageJobOptions {
  const { glossaryId } = job;
  const rest = withoutGlossary(job);
  if (glossaryId && glossaryChoices(glossaries, job.sourceLang, job.targetLang).some((c) => c.glossaryId === glossaryId)) return job;
  // Until the list has loaded, a remembered glossary cannot be checked: keep it.
  if (glossaryId && glossaries.length === 0 && job.sourceLang) return job;
  const fallback = defaultGlossaryFor(job.sourceLang, job.targetLang, defaults);
  return fallback ? { ...rest, glossaryId: fallback } : rest;
}

export function usePopup(initialTabId: number | undefined): PopupModel {
  const [tabId, setTabId] = useState(initialTabId);
  const [info, setInfo] = useState<TabInfo>();
  const [state, setState] = useState<TabState>(EMPTY_TAB_STATE);
  const [defaults, setDefaults] = useState<TranslationDefaults>(BUILT_IN_DEFAULTS);
  const [defaultGlossaries, setDefaultGlossaries] = useState<DefaultGlossaries>({});
  const [choices, setChoices] = useState<PageJobOptions>(() => resolveJobOptions(BUILT_IN_DEFAULTS, null, {}));
  const [targets, setTargets] = useState<readonly Language[]>(FALLBACK_TARGET_LANGUAGES);
  const [sources, setSources] = useState<readonly Language[]>(FALLBACK_SOURCE_LANGUAGES);
  const [glossaryList, setGlossaryList] = useState<Glossary[]>([]);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string>();
  // A message answer can be older than a storage change that arrived first: keep the later.
  // Storage changes themselves come in order and always apply (a navigation removes the state).
  const setFresher = useCallback((next: TabState) => {
    setState((current) => (next.updatedAt >= current.updatedAt ? next : current));
  }, []);
  // A choice the user made before the saved ones arrived must not be overwritten by them.
  const touched = useRef(false);

  useEffect(() => {
    if (tabId === undefined) void activeTabId().then(setTabId);
  }, [tabId]);

  // Saved choices and defaults (local storage: fast, but still after the first paint).
  useEffect(() => {
    void Promise.all([defaultsItem.getValue(), popupChoicesItem.getValue(), defaultGlossariesItem.getValue()]).then(([d, saved, glossaries]) => {
      setDefaults(d);
      setDefaultGlossaries(glossaries);
      if (!touched.current) setChoices(resolveJobOptions(d, saved, glossaries));
    });
  }, []);

  // Language lists and glossaries from the background (cached there for a day).
  useEffect(() => {
    void sendMessage('languages', { type: 'target' }).then((list) => list.languages.length && setTargets(list.languages), () => undefined);
    void sendMessage('languages', { type: 'source' }).then((list) => list.languages.length && setSources(list.languages), () => undefined);
  }, []);

  useEffect(() => {
    if (!info?.hasKey) return;
    // Without glossaries the field offers "None" only; translation itself is unaffected.
    void sendMessage('glossaryList', {}).then(setGlossaryList, () => setGlossaryList([]));
  }, [info?.hasKey]);

  // The tab: its info once, then its state live.
  useEffect(() => {
    if (tabId === undefined) return undefined;
    let live = true;
    void sendMessage('getTabInfo', { tabId }).then(
      (next) => {
        if (!live) return;
        setInfo(next);
        setFresher(next.state);
      },
      (err: unknown) => live && setActionError(errorText(err)),
    );
    const unwatch = watchTabState(tabId, (next) => live && setState(next));
    return () => {
      live = false;
      unwatch();
    };
  }, [tabId]);

  const choose = useCallback((change: (job: PageJobOptions) => PageJobOptions) => {
    touched.current = true;
    setChoices((current) => {
      const next = change(current);
      // Remembered for next time, with the defaults they were made over (see PopupChoices).
      void popupChoicesItem.setValue({ job: next, basedOn: defaults });
      return next;
    });
  }, [defaults]);

  const glossaries = useMemo(() => glossaryChoices(glossaryList, choices.sourceLang, choices.targetLang), [glossaryList, choices.sourceLang, choices.targetLang]);

  const showingSomething = pageShowsTranslation(state);
  const normalized = { ...choices, formality: preferFormality(choices.formality) };
  // Changed choices on a translated page mean "translate again with these".
  const showsTranslation = showingSomething && (state.phase === 'translating' || !state.job || sameJob(state.job, normalized));

  const adopt = (next: TabInfo) => {
    setInfo(next);
    setFresher(next.state);
  };

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setActionError(undefined);
    try {
      await work();
    } catch (err) {
      setActionError(t('popupActionFailed', errorText(err)));
    } finally {
      setBusy(false);
    }
  };

  const runMain = () => act(async () => {
    if (tabId === undefined) return;
    if (showsTranslation) adopt(await sendMessage('showPageOriginal', { tabId }));
    else adopt(await sendMessage('translatePage', { tabId, options: normalized }));
  });

  const retry = () => act(async () => {
    if (tabId === undefined) return;
    // Failed blocks are retried in place; a page that failed before anything was done starts over.
    if (state.done > 0 || state.failed > 0) adopt(await sendMessage('retryPageFailed', { tabId }));
    else adopt(await sendMessage('translatePage', { tabId, options: normalized }));
  });

  const continueSpending = () => act(async () => {
    if (tabId !== undefined) adopt(await sendMessage('continueSpending', { tabId }));
  });

  const applyRule = async (rule: SiteRule) => {
    if (!info?.hostname || tabId === undefined) return;
    await sendMessage('setSiteRule', { hostname: info.hostname, rule });
    const next = await sendMessage('getTabInfo', { tabId });
    adopt(next);
    // Turning "always" on for the page in front of the user translates it now, as it will on every visit.
    if (rule === 'always' && next.state.phase === 'original' && next.hasKey) {
      adopt(await sendMessage('translatePage', { tabId, options: normalized }));
    }
  };

  const toggleRule = (rule: Exclude<SiteRule, 'none'>, on: boolean): Promise<void> => {
    setActionError(undefined);
    if (!info?.hostname) return Promise.resolve();
    if (rule === 'always' && on && !info.hostPermission) {
      // Requested synchronously in the click: the browser shows the prompt only during a user gesture.
      const request = browser.permissions.request({ origins: [`*://${info.hostname}/*`] });
      return act(async () => {
        if (await request) await applyRule('always');
        else setActionError(t('popupPermissionDenied', info.hostname));
      });
    }
    return act(() => applyRule(on ? rule : 'none'));
  };

  return {
    tabId,
    info,
    state,
    choices,
    targets,
    sources,
    glossaries,
    showsTranslation,
    busy,
    actionError,
    setTarget: (code) => choose((job) => fitGlossary({ ...job, targetLang: code }, glossaryList, defaultGlossaries)),
    setSource: (code) => choose((job) => fitGlossary(code ? { ...job, sourceLang: code } : withoutGlossary({ ...job, sourceLang: '' }), glossaryList, defaultGlossaries)),
    setGlossary: (value) => choose((job) => {
      const picked = glossaries.find((choice) => choice.value === value);
      // A glossary works only with a fixed source: picking one sets the source to its own.
      return picked ? { ...job, glossaryId: picked.glossaryId, sourceLang: picked.sourceLang } : withoutGlossary(job);
    }),
    setFormality: (value) => choose((job) => ({ ...job, formality: value })),
    setModel: (value) => choose((job) => ({ ...job, modelType: value })),
    setBilingual: (value) => choose((job) => ({ ...job, bilingual: value })),
    runMain,
    retry,
    continueSpending,
    toggleRule,
  };
}
