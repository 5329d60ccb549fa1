// The toolbar popup: choices for this page, one main button (Translate page ↔ Show original),
// live progress, problems with the way out, and the site rules.
import { browser } from 'wxt/browser';
import { t } from '@/utils/shared/i18n';
import { popupStatus } from './popup-status';
import { ProgressPanel } from './ProgressPanel';
import { SiteRuleToggles } from './SiteRuleToggles';
import { SiteScopeNote } from './SiteScopeNote';
import { SpendingPanel } from './SpendingPanel';
import { StatusNotice } from './StatusNotice';
import { TranslationOptions } from './TranslationOptions';
import { TermFixNote } from './TermFixNote';
import { WritingButtonToggle } from './WritingButtonToggle';
import { usePopup } from './use-popup';
import { PdfOffer, usePdfTabKind } from './PdfOffer';
import { Button } from '../ui/Button';

interface Props {
  /** The tab this popup controls; the active tab of the current window when absent. */
  tabId?: number;
}

function openOptions(): void {
  void browser.runtime.openOptionsPage();
}

export function Popup({ tabId }: Props) {
  const model = usePopup(tabId);
  const { info, state } = model;
  const status = popupStatus(info, state);
  const blocked = !!info && (info.restricted || !info.hasKey || info.siteRule === 'never');
  const pdf = usePdfTabKind(model.tabId);
  const mainLabel = model.showsTranslation ? t('popupShowOriginal') : t('popupTranslatePage');

  return (
    <main class="popup">
      <header class="popup-header">
        <h1>
          <img src="/icon/32.png" alt="" width={20} height={20} />
          <span>Glossa</span>
        </h1>
        <Button class="icon-button" onClick={openOptions} title={t('popupOpenOptions')} aria-label={t('popupOpenOptions')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M19.4 13a7.7 7.7 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.6 7.6 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.7 7.7 0 0 0 0 2l-2 1.6 2 3.4 2.4-1c.5.4 1.1.8 1.7 1l.4 2.5h4l.4-2.5c.6-.2 1.2-.6 1.7-1l2.4 1 2-3.4-2-1.6ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" transform="translate(-1 0)" />
          </svg>
        </Button>
      </header>

      <TranslationOptions
        choices={model.choices}
        targets={model.targets}
        sources={model.sources}
        glossaries={model.glossaries}
        plan={info?.plan}
        disabled={model.busy}
        onTarget={model.setTarget}
        onSource={model.setSource}
        onGlossary={model.setGlossary}
        onFormality={model.setFormality}
        onModel={model.setModel}
        onBilingual={model.setBilingual}
      />

      <PdfOffer tabId={model.tabId} kind={pdf.kind} url={pdf.url} />
      {/* A PDF has no page to translate: the browser's viewer offers none, Glossa's translates itself. */}
      {pdf.kind === undefined && <Button
        class={model.showsTranslation ? 'main secondary' : 'main primary'}
        disabled={model.busy || (blocked && !model.showsTranslation) || model.tabId === undefined}
        aria-busy={model.busy}
        onClick={() => void model.runMain()}
      >
        {mainLabel}
      </Button>}

      <ProgressPanel state={state} />
      <TermFixNote tabId={model.tabId} url={state?.url} />
      {status && <StatusNotice status={status} busy={model.busy} onRetry={() => void model.retry()} onOpenOptions={openOptions} />}
      {model.actionError && <p class="notice notice-error" role="alert">{model.actionError}</p>}
      <SiteScopeNote info={info} />
      {info && <SpendingPanel info={info} state={state} busy={model.busy} onContinue={() => void model.continueSpending()} />}

      {/* A private window records no site: no rules are offered there. */}
      {info?.privateWindow
        ? <p class="notice notice-info" role="status">{t('spendingPopupPrivate')}</p>
        : (
          <>
            <SiteRuleToggles
              hostname={info?.hostname ?? ''}
              rule={info?.siteRule ?? 'none'}
              disabled={!info?.hostname || info.restricted || model.busy}
              onToggle={(rule, on) => void model.toggleRule(rule, on)}
            />
            {info?.hostname && <WritingButtonToggle hostname={info.hostname} hostPermission={info.hostPermission} disabled={info.restricted} />}
          </>
        )}
    </main>
  );
}
