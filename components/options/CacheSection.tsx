// The translation cache: how much is stored, and clearing it (after a confirmation, because
// every cleared translation is billed again the next time a page needs it).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CacheStats } from '../../utils/shared/protocol';
import { t } from '../../utils/shared/i18n';
import { formatBytes, formatNumber } from './format';
import { StatusMessage, type Status } from './StatusMessage';
import { Button } from '../ui/Button';

interface Props {
  /** null while loading. */
  stats: CacheStats | null;
  status: Status | null;
  onClear(): Promise<void>;
  /** "Clear Glossa's data for private use": what private windows and closed tabs left (no re-billing of the cache). */
  onClearPrivate?(): Promise<void>;
}

export function CacheSection({ stats, status, onClear, onClearPrivate }: Props) {
  const [privateStatus, setPrivateStatus] = useState<Status | null>(null);
  const clearPrivate = async () => {
    if (!onClearPrivate) return;
    try {
      await onClearPrivate();
      setPrivateStatus({ kind: 'ok', text: t('optionsPrivateTracesCleared') });
    } catch (err) {
      setPrivateStatus({ kind: 'error', text: t('optionsPrivateTracesFailed', err instanceof Error ? err.message : String(err)) });
    }
  };
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const clearButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Focus follows the question: onto the confirmation, then back to the button that asked it.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) clearButton.current?.focus();
    asked.current ||= confirming;
  }, [confirming]);
  const empty = stats !== null && stats.entries === 0;
  const clear = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onClear();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <section id="cache" class="options-section" aria-labelledby="cache-title">
      <h2 id="cache-title">{t('optionsCacheTitle')}</h2>
      <p class="section-intro">{t('optionsCacheIntro')}</p>
      <p>
        {stats === null
          ? t('optionsLoading')
          : t('optionsCacheSize', [formatNumber(stats.entries), formatBytes(stats.bytes)])}
      </p>
      {onClearPrivate && <p class="section-intro">{t('optionsPrivateTracesIntro')}</p>}
      {confirming ? (
        <div class="actions" role="group" aria-labelledby="cache-confirm-text">
          <p id="cache-confirm-text" class="status status-warn">
            {t('optionsCacheConfirm', formatNumber(stats?.entries ?? 0))}
          </p>
          <Button kind="danger" onClick={clear} aria-disabled={busy ? 'true' : undefined} ref={confirmButton}>
            {t('optionsCacheConfirmButton')}
          </Button>
          <Button onClick={() => setConfirming(false)}>
            {t('optionsCancel')}
          </Button>
        </div>
      ) : (
        <div class="actions">
          <Button ref={clearButton} onClick={() => !empty && setConfirming(true)} aria-disabled={empty ? 'true' : undefined}>
            {t('optionsCacheClear')}
          </Button>
          {onClearPrivate && <Button onClick={() => void clearPrivate()}>{t('optionsPrivateTracesClear')}</Button>}
        </div>
      )}
      <StatusMessage status={status} />
      <StatusMessage status={privateStatus} />
    </section>
  );
}
