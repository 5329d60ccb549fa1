// Firefox set to never remember history may refuse Glossa its IndexedDB, where the key and the
// other private items belong (utils/extension/private-storage.ts). They then stay in storage.local,
// which Glossa's content scripts could read; the options page says so at its top.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { privateStorageStatus } from '../../utils/extension/private-storage';

export function PrivateStorageNotice() {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    void privateStorageStatus().then((status) => setUnavailable(status === 'unavailable'), () => setUnavailable(true));
  }, []);
  if (!unavailable) return null;
  return <p class="status status-warn" role="alert" data-testid="private-storage-unavailable">{t('privateStorageUnavailable')}</p>;
}
