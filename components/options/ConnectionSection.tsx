// Connection: the API key, the plan (which fixes the address) or a custom server address, and
// a connection test that names the exact problem when there is one.
import type { PlanAddresses } from '../../utils/shared/plan-addresses';
import type { Connection, Plan } from '../../utils/shared/settings';
import { t } from '../../utils/shared/i18n';
import { ApiKeyInput } from './ApiKeyInput';
import { StatusMessage, type Status } from './StatusMessage';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { TextInput } from '../ui/TextInput';
import { FieldError } from '../ui/FieldError';

interface Props {
  connection: Connection;
  addresses: PlanAddresses;
  /** Message for a malformed custom address, shown under the field. */
  addressError: string | null;
  testStatus: Status | null;
  testing: boolean;
  onChange(connection: Connection): void;
  onAddressBlur(): void;
  onTest(): void;
}

export function ConnectionSection({ connection, addresses, addressError, testStatus, testing, onChange, onAddressBlur, onTest }: Props) {
  const update = (change: Partial<Connection>) => onChange({ ...connection, ...change });
  return (
    <section id="connection" class="options-section" aria-labelledby="connection-title">
      <h2 id="connection-title">{t('optionsConnectionTitle')}</h2>
      <p class="section-intro">{t('optionsConnectionIntro')}</p>

      <div class="field">
        <label for="api-key">{t('optionsApiKeyLabel')}</label>
        <ApiKeyInput id="api-key" value={connection.apiKey} onInput={(apiKey) => update({ apiKey })} describedBy="api-key-hint" />
        <p id="api-key-hint" class="field-hint">{t('optionsApiKeyHint')}</p>
      </div>

      <div class="field">
        <label for="plan">{t('optionsPlanLabel')}</label>
        <Select id="plan" value={connection.plan} onChange={(event) => update({ plan: event.currentTarget.value as Plan })}>
          <option value="free">{t('optionsPlanFree', addresses.free)}</option>
          <option value="paid">{t('optionsPlanPaid', addresses.paid)}</option>
          <option value="custom">{t('optionsPlanCustom')}</option>
        </Select>
      </div>

      {connection.plan === 'custom' && (
        <div class="field">
          <label for="server-address">{t('optionsServerAddressLabel')}</label>
          <TextInput
            id="server-address"
            inputMode="url"
            placeholder="https://api.example.com"
            value={connection.customUrl}
            onInput={(event) => update({ customUrl: event.currentTarget.value })}
            onBlur={(event) => {
              // Checking on the way to a button would insert the message above it mid-click and
              // move it from under the pointer; Save and Test connection report the problem anyway.
              if (!(event.relatedTarget instanceof HTMLButtonElement)) onAddressBlur();
            }}
            autocomplete="url"
            spellcheck={false}
            aria-invalid={addressError ? 'true' : undefined}
            aria-describedby={addressError ? 'server-address-error server-address-hint' : 'server-address-hint'}
          />
          {addressError && <FieldError id="server-address-error" message={addressError} />}
          <p id="server-address-hint" class="field-hint">{t('optionsServerAddressHint')}</p>
        </div>
      )}

      <div class="actions">
        <Button onClick={onTest} aria-disabled={testing ? 'true' : undefined} aria-describedby="test-status">
          {testing ? t('optionsTesting') : t('optionsTestConnection')}
        </Button>
      </div>
      <StatusMessage id="test-status" status={testStatus} />
    </section>
  );
}
