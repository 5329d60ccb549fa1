// The options page. Connection and defaults form one draft saved with `Save` (leaving with
// unsaved changes warns); default glossaries, site rules and the cache act at once. Every read
// and write goes through the background's settings messages.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Glossary, Language } from '../../utils/shared/api-types';
import { checkServerAddress, describeAddressProblem, describeTestResult, isWellFormedKey, originsCover, resolveConnection } from '../../utils/shared/connection';
import { releaseSitePermission, requestHostPermission } from '../../utils/extension/host-permissions';
import { t } from '../../utils/shared/i18n';
import { modelAllowed } from '../../utils/shared/model-for-plan';
import { FALLBACK_TARGET_LANGUAGES, pairName } from '../../utils/shared/languages';
import { sendMessage, type SettingsSnapshot } from '../../utils/shared/protocol';
import { planAddresses } from '../../utils/shared/plan-addresses';
import { normaliseHostname } from '../../utils/shared/hosts';
import { siteRulesItem } from '../../utils/extension/settings-store';
import { type Connection, type DefaultGlossaries, type SiteRules, type TranslationDefaults } from '../../utils/shared/settings';
import { GlossaryManager } from '../glossary/GlossaryManager';
import { CacheSection } from './CacheSection';
import { PrivateStorageNotice } from './PrivateStorageNotice';
import { ConnectionSection } from './ConnectionSection';
import { DefaultGlossariesSection } from './DefaultGlossariesSection';
import { DefaultsSection } from './DefaultsSection';
import { SaveBar } from './SaveBar';
import { SiteRulesSection } from './SiteRulesSection';
import { HoverSection } from './HoverSection';
import { SiteScopeSection } from './SiteScopeSection';
import { SpendingSection } from './SpendingSection';
import { StorageProtectionNotice } from './StorageProtectionNotice';
import { PdfSection } from './PdfSection';
import type { Status } from './StatusMessage';
import { UsageSection } from './UsageSection';
import { WritingHelpSection } from './WritingHelpSection';
import { useCacheAndUsage } from './use-cache-and-usage';
import { WelcomePanel } from './WelcomePanel';
import { SectionNav } from '../ui/SectionNav';
import { useToaster } from '../ui/Toast';
import { errorText } from '../ui/error-text';
import './options.css';

interface Draft {
  connection: Connection;
  defaults: TranslationDefaults;
}

interface Props {
  /** Opened by the background after install (`?welcome=1`). */
  welcome: boolean;
}

function draftOf(settings: SettingsSnapshot): Draft {
  return { connection: settings.connection, defaults: settings.defaults };
}

function sameDraft(a: Draft | null, b: Draft | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function focusById(id: string): void {
  document.getElementById(id)?.focus();
}

const addresses = planAddresses(import.meta.env as Record<string, string | undefined>);
/** The site the popup opened the options for (its rules' link). */
const siteParam = normaliseHostname(new URLSearchParams(globalThis.location?.search ?? '').get('site') ?? '') ?? '';

export function OptionsApp({ welcome: welcomeAtStart }: Props) {
  const [saved, setSaved] = useState<SettingsSnapshot | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [welcome, setWelcome] = useState(welcomeAtStart);

  const [addressError, setAddressError] = useState<string | null>(null);
  const [modelError, setModelError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveStatus, setSaveStatus] = useState<Status | null>(null);
  const [testing, setTesting] = useState(false);
  const [testStatus, setTestStatus] = useState<Status | null>(null);

  const [targetLanguages, setTargetLanguages] = useState<readonly Language[]>(FALLBACK_TARGET_LANGUAGES);
  const [glossaries, setGlossaries] = useState<Glossary[] | null>(null);
  const [glossaryError, setGlossaryError] = useState<string | null>(null);
  const [rulesStatus, setRulesStatus] = useState<Status | null>(null);
  const [glossaryStatus, setGlossaryStatus] = useState<Status | null>(null);
  const { cache, cacheStatus, clearCache, usage, usageError } = useCacheAndUsage();
  /** Host permissions granted now; read ahead so Save can ask for one inside the click. */
  const granted = useRef<string[]>([]);
  const { toaster, region: toasts } = useToaster();
  const glossariesLoadedAt = useRef(0);

  const dirty = draft !== null && saved !== null && !sameDraft(draft, draftOf(saved));

  const loadLanguages = useCallback(async () => {
    try {
      const list = await sendMessage('languages', { type: 'target' });
      if (list.languages.length > 0) setTargetLanguages(list.languages);
    } catch {
      // The built-in list stays; the connection test reports what is wrong.
    }
  }, []);

  const loadGlossaries = useCallback(async (connection: Connection | undefined) => {
    glossariesLoadedAt.current = Date.now();
    if (!connection || !resolveConnection(connection, addresses).ok) {
      setGlossaries([]);
      setGlossaryError(t('optionsGlossariesNeedKey'));
      return;
    }
    try {
      setGlossaries(await sendMessage('glossaryList', {}));
      setGlossaryError(null);
    } catch (err) {
      setGlossaries([]);
      setGlossaryError(t('optionsGlossariesUnavailable', errorText(err)));
    }
  }, []);

  const loadGranted = useCallback(async () => {
    try {
      granted.current = (await browser.permissions.getAll()).origins ?? [];
    } catch {
      granted.current = [];
    }
  }, []);

  useEffect(() => {
    let alive = true;
    sendMessage('getSettings', {}).then(
      (settings) => {
        if (!alive) return;
        setSaved(settings);
        setDraft(draftOf(settings));
        void loadGlossaries(settings.connection);
      },
      (err) => alive && setLoadError(t('optionsLoadFailed', errorText(err))),
    );
    void loadLanguages();
    void loadGranted();
    // Rules added from the popup meanwhile appear here without a reload.
    const unwatch = siteRulesItem.watch((rules) => {
      if (rules) setSaved((current) => (current ? { ...current, siteRules: rules } : current));
    });
    const onPermissions = () => void loadGranted();
    try {
      browser.permissions.onAdded.addListener(onPermissions);
      browser.permissions.onRemoved.addListener(onPermissions);
    } catch {
      // Not every context offers permission events; Save reads permissions again when needed.
    }
    return () => {
      alive = false;
      unwatch();
      try {
        browser.permissions.onAdded.removeListener(onPermissions);
        browser.permissions.onRemoved.removeListener(onPermissions);
      } catch {
        // see above
      }
    };
  }, []);

  // Closing or reloading the page with unsaved changes asks first. A layout effect: it is in place
  // when "Unsaved changes" shows, where an effect waits for the next frame (or 100 ms in a
  // background tab), and a close in between left without asking.
  useLayoutEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const changeConnection = (connection: Connection) => {
    if (!draft) return;
    if (addressError && connection.customUrl !== draft.connection.customUrl) setAddressError(null);
    if (modelError && connection.plan !== draft.connection.plan) setModelError(null);
    setDraft({ ...draft, connection });
  };

  const changeDefaults = (defaults: TranslationDefaults) => {
    if (!draft) return;
    if (modelError && defaults.modelType !== draft.defaults.modelType) setModelError(null);
    setDraft({ ...draft, defaults });
  };

  const checkAddress = () => {
    if (!draft || draft.connection.plan !== 'custom' || !draft.connection.customUrl.trim()) return;
    const check = checkServerAddress(draft.connection.customUrl);
    setAddressError(check.ok ? null : describeAddressProblem(check.problem));
  };

  const finishSave = async (start: Draft, connection: Connection, permission: Promise<boolean>) => {
    setSaving(true);
    try {
      if (!(await permission)) {
        setSaveStatus({ kind: 'error', text: t('optionsPermissionRefused', hostOf(connection.customUrl)) });
        return;
      }
      const result = await sendMessage('saveSettings', { connection, defaults: start.defaults });
      const previous = saved;
      setSaved(result);
      // Keep anything typed while the save was on its way.
      setDraft((current) => (current === start ? draftOf(result) : current));
      setSaveStatus(result.connection.apiKey ? null : { kind: 'warn', text: t('optionsSavedNoKey') });
      if (result.connection.apiKey) toaster.show({ text: t('optionsSaved') });
      if (JSON.stringify(previous?.connection) !== JSON.stringify(result.connection)) {
        void loadLanguages();
        void loadGlossaries(result.connection);
      }
    } catch (err) {
      const field = (err as { field?: unknown }).field;
      const addressProblem = (err as { addressProblem?: unknown }).addressProblem;
      if (field === 'connection.customUrl' && typeof addressProblem === 'string') {
        setAddressError(describeAddressProblem(addressProblem as Parameters<typeof describeAddressProblem>[0]));
      }
      setSaveStatus({ kind: 'error', text: t('optionsSaveFailed', errorText(err)) });
    } finally {
      setSaving(false);
    }
  };

  // Synchronous up to the permission request: browsers grant permissions only inside the click.
  const save = (event?: Event) => {
    event?.preventDefault();
    if (!draft || saving) return;
    let connection = { ...draft.connection, apiKey: draft.connection.apiKey.trim() };
    if (!isWellFormedKey(connection.apiKey)) {
      setSaveStatus({ kind: 'error', text: t('optionsSaveFailed', t('optionsKeyMalformed')) });
      focusById('api-key');
      return;
    }
    if (connection.plan === 'custom') {
      const check = checkServerAddress(connection.customUrl);
      if (!check.ok) {
        const message = describeAddressProblem(check.problem);
        setAddressError(message);
        setSaveStatus({ kind: 'error', text: t('optionsSaveFixAddress', message) });
        focusById('server-address');
        return;
      }
      connection = { ...connection, customUrl: check.url };
    }
    if (!modelAllowed(draft.defaults.modelType, connection.plan)) {
      const message = t('optionsModelNeedsPaid');
      setModelError(message);
      setSaveStatus({ kind: 'error', text: message });
      focusById('model-type');
      return;
    }
    setAddressError(null);
    setModelError(null);
    const needsPermission = connection.plan === 'custom' && !originsCover(granted.current, connection.customUrl);
    const permission = needsPermission ? requestHostPermission(connection.customUrl) : Promise.resolve(true);
    void finishSave(draft, connection, permission);
  };

  const test = async () => {
    if (!draft || testing) return;
    setTesting(true);
    setTestStatus({ kind: 'info', text: t('optionsTestingLong') });
    try {
      const result = await sendMessage('testConnection', { connection: draft.connection });
      setTestStatus({ kind: result.ok ? 'ok' : 'error', text: describeTestResult(result) });
      if (!result.ok && result.problem === 'bad-address' && result.addressProblem) setAddressError(describeAddressProblem(result.addressProblem));
      if (result.ok && saved && sameDraft({ ...draft, connection: saved.connection }, draft)) void loadLanguages();
    } catch (err) {
      setTestStatus({ kind: 'error', text: t('optionsBackgroundFailed', errorText(err)) });
    } finally {
      setTesting(false);
    }
  };

  const removeRule = async (list: keyof SiteRules, host: string) => {
    if (!saved) return;
    const rules = { ...saved.siteRules, [list]: saved.siteRules[list].filter((h) => h !== host) };
    try {
      const result = await sendMessage('saveSettings', { siteRules: rules });
      setSaved((current) => (current ? { ...current, siteRules: result.siteRules } : result));
      let released = false;
      if (list === 'always') {
        // The API address may share the site's host: its permission stays.
        const api = resolveConnection({ ...result.connection, apiKey: 'x' }, addresses);
        released = await releaseSitePermission(host, api.ok ? [api.baseUrl] : []);
      }
      setRulesStatus(null);
      toaster.show({ text: released ? t('optionsSiteRemovedWithPermission', host) : t('optionsSiteRemoved', host) });
      document.getElementById(`rules-${list}-title`)?.focus();
    } catch (err) {
      setRulesStatus({ kind: 'error', text: t('optionsSiteRemoveFailed', [host, errorText(err)]) });
    }
  };

  const saveDefaultGlossaries = async (defaultGlossaries: DefaultGlossaries, pair: string) => {
    try {
      const result = await sendMessage('saveSettings', { defaultGlossaries });
      setSaved((current) => (current ? { ...current, defaultGlossaries: result.defaultGlossaries } : result));
      setGlossaryStatus(null);
      toaster.show({ text: defaultGlossaries[pair] ? t('optionsDefaultGlossarySaved', pairName(pair)) : t('optionsDefaultGlossaryCleared', pairName(pair)) });
    } catch (err) {
      setGlossaryStatus({ kind: 'error', text: t('optionsSaveFailed', errorText(err)) });
    }
  };

  const dismissWelcome = () => {
    setWelcome(false);
    const url = new URL(location.href);
    url.searchParams.delete('welcome');
    history.replaceState(null, '', url);
  };

  return (
    <div class="options">
      <header class="options-header">
        <h1>{t('optionsTitle')}</h1>
        <p>{t('optionsSubtitle')}</p>
      </header>
      <SectionNav label={t('optionsNavLabel')} items={[
        { id: 'connection', label: t('optionsConnectionTitle') },
        { id: 'defaults', label: t('optionsDefaultsTitle') },
        { id: 'glossaries', label: t('optionsGlossariesTitle') },
        { id: 'default-glossaries', label: t('optionsDefaultGlossariesTitle') },
        { id: 'site-rules', label: t('optionsSiteRulesTitle') },
        { id: 'writing-help', label: t('optionsWritingTitle') },
        { id: 'site-scope', label: t('scopeTitle') },
        { id: 'hover', label: t('pointingHoverTitle') },
        { id: 'cache', label: t('optionsCacheTitle') },
        { id: 'usage', label: t('optionsUsageTitle') },
        { id: 'spending', label: t('spendingOptionsTitle') },
      ]} />
      <main>
        <StorageProtectionNotice />
        <PrivateStorageNotice />
        {welcome && <WelcomePanel onStart={() => focusById('api-key')} onDismiss={dismissWelcome} />}
        {loadError && (
          <p class="status status-error" role="alert">
            {loadError}
          </p>
        )}
        {!draft && !loadError && (
          <p class="status status-info" role="status">
            {t('optionsLoading')}
          </p>
        )}
        {draft && saved && (
          <form onSubmit={save} noValidate>
            <ConnectionSection
              connection={draft.connection}
              addresses={addresses}
              addressError={addressError}
              testStatus={testStatus}
              testing={testing}
              onChange={changeConnection}
              onAddressBlur={checkAddress}
              onTest={test}
            />
            <DefaultsSection defaults={draft.defaults} targetLanguages={targetLanguages} plan={draft.connection.plan} modelError={modelError} onChange={changeDefaults} />
            <SaveBar dirty={dirty} saving={saving} status={saveStatus} />
          </form>
        )}
        {/* The manager brings its own heading and section; this frame only places it. */}
        <div id="glossaries" class="options-section options-glossaries">
          <GlossaryManager />
        </div>
        {saved && (
          <div
            onFocusIn={() => {
              // The glossary manager above may have changed the list since it was loaded.
              if (Date.now() - glossariesLoadedAt.current > 3000) void loadGlossaries(saved.connection);
            }}
          >
            <DefaultGlossariesSection glossaries={glossaries} loadError={glossaryError} value={saved.defaultGlossaries} status={glossaryStatus} onChange={saveDefaultGlossaries} />
          </div>
        )}
        {saved && <SiteRulesSection rules={saved.siteRules} status={rulesStatus} onRemove={removeRule} />}
        <WritingHelpSection />
        <SiteScopeSection site={siteParam} />
        <HoverSection site={siteParam} />
        <CacheSection stats={cache} status={cacheStatus} onClear={clearCache} onClearPrivate={() => sendMessage('clearPrivateTraces', {})} />
        <UsageSection report={usage} loadError={usageError} />
        <SpendingSection />
        <PdfSection />
      </main>
      {toasts}
    </div>
  );
}
