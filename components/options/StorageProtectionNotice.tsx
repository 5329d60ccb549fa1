// Says so at the top of the options page when the browser refused to close Glossa's storage
// (the API key included) to content scripts (utils/extension/storage-protection.ts).
import { useEffect, useState } from 'preact/hooks';
import { storageProtectionItem, type StorageProtection } from '../../utils/extension/storage-protection';
import { t } from '../../utils/shared/i18n';

export function StorageProtectionNotice() {
  const [protection, setProtection] = useState<StorageProtection>('protected');
  useEffect(() => {
    void storageProtectionItem.getValue().then(setProtection, () => setProtection('failed'));
    return storageProtectionItem.watch((value) => setProtection(value ?? 'protected'));
  }, []);
  if (protection !== 'failed') return null;
  // Space before the first section, which starts right below.
  return <p class="status status-error" role="alert" style={{ margin: '0 0 18px' }}>{t('storageUnprotectedOptions')}</p>;
}
