// The API key field: masked by default, with a toggle to show it while typing or checking it.
import { useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/TextInput';

interface Props {
  id: string;
  value: string;
  onInput(value: string): void;
  describedBy?: string;
}

export function ApiKeyInput({ id, value, onInput, describedBy }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div class="field-row">
      <TextInput
        id={id}
        // Preact's input types are a union per `type`; the other attributes fit both kinds.
        type={(visible ? 'text' : 'password') as 'text'}
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
        autocomplete="off"
        spellcheck={false}
        autocapitalize="off"
        aria-describedby={describedBy}
      />
      {/* Visible text only (no aria-label): the button must not also be named "API key". */}
      <Button size="s" aria-pressed={visible} aria-controls={id} onClick={() => setVisible(!visible)}>
        {visible ? t('optionsHideKey') : t('optionsShowKey')}
      </Button>
    </div>
  );
}
