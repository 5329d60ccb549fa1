// "Fix translation…" on a translated page: the translated sentence (the selection marked) and,
// in the form, the original sentence whose words pick the source phrase. Keyboard: focus
// starts in the form, Tab stays inside the dialog, Esc closes it (DialogFrame).
import { t } from '../../utils/shared/i18n';
import { AddToGlossaryForm, type TermFixApi } from './AddToGlossaryForm';
import { DialogFrame } from './DialogFrame';

interface TermFixDialogProps {
  original: string;
  translation: string;
  selected: string;
  sourceLang: string;
  targetLang: string;
  api: TermFixApi;
  onClose(): void;
}

function marked(text: string, selected: string) {
  const at = selected ? text.indexOf(selected) : -1;
  if (at < 0) return text;
  return [text.slice(0, at), <mark key="m">{selected}</mark>, text.slice(at + selected.length)];
}

export function TermFixDialog(props: TermFixDialogProps) {
  return (
    <DialogFrame titleId="glossa-fix-title" title={t('termFixDialogTitle')} closeLabel={t('termFixCancel')} onClose={props.onClose}>
      <p class="term-caption">{t('termFixTranslatedLabel')}</p>
      <p class="term-translated" lang={props.targetLang.toLowerCase()}>{marked(props.translation, props.selected)}</p>
      <AddToGlossaryForm source="" target={props.selected} sourceLang={props.sourceLang} targetLang={props.targetLang}
        original={props.original} api={props.api} onClose={props.onClose} />
    </DialogFrame>
  );
}
