// The cache and usage figures the options page shows: read from the background when the page
// opens, the cache also after clearing it.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { sendMessage, type CacheStats, type UsageReport } from '../../utils/shared/protocol';
import type { Status } from './StatusMessage';
import { errorText } from '../ui/error-text';

export function useCacheAndUsage() {
  const [cache, setCache] = useState<CacheStats | null>(null);
  const [cacheStatus, setCacheStatus] = useState<Status | null>(null);
  const [usage, setUsage] = useState<UsageReport | null>(null);
  const [usageError, setUsageError] = useState<string | null>(null);

  const loadCache = useCallback(async () => {
    try {
      setCache(await sendMessage('cacheStats', {}));
    } catch (err) {
      setCacheStatus({ kind: 'error', text: t('optionsCacheUnavailable', errorText(err)) });
    }
  }, []);

  const loadUsage = useCallback(async () => {
    try {
      setUsage(await sendMessage('usage', {}));
      setUsageError(null);
    } catch (err) {
      setUsageError(t('optionsUsageUnavailable', errorText(err)));
    }
  }, []);

  const clearCache = async () => {
    try {
      setCache(await sendMessage('clearCache', {}));
      setCacheStatus({ kind: 'ok', text: t('optionsCacheCleared') });
    } catch (err) {
      setCacheStatus({ kind: 'error', text: t('optionsCacheClearFailed', errorText(err)) });
    }
  };

  useEffect(() => {
    void loadCache();
    void loadUsage();
  }, []);

  return { cache, cacheStatus, clearCache, usage, usageError };
}
