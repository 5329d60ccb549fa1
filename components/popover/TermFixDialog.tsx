// "Fix translation…" on a translated page: the translated sentence (the selection marked) and,
// in the form, the original sentence whose words pick the source phrase. Keyboard: focus
// starts in the form, Tab stays inside the dialog, Esc closes it.
import { useRef } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { AddToGlossaryForm, type TermFixApi } from './AddToGlossaryForm';

export interface TermFixDialogProps {
  original: string;
  translation: string;
  selected: string;
  sourceLang: string;
  targetLang: string;
  api: TermFixApi;
  onClose(): void;
}

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function marked(text: string, selected: string) {
  const at = selected ? text.indexOf(selected) : -1;
  if (at < 0) return text;
  return [text.slice(0, at), <mark key="m">{selected}</mark>, text.slice(at + selected.length)];
}

export function TermFixDialog(props: TermFixDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusables = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusables.length === 0) return;
    const current = (dialog.current.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
    const index = current ? focusables.indexOf(current) : -1;
    const next = event.shiftKey
      ? (index <= 0 ? focusables[focusables.length - 1] : focusables[index - 1])
      : (index === -1 || index === focusables.length - 1 ? focusables[0] : focusables[index + 1]);
    event.preventDefault();
    next.focus();
  };

  return (
    <div ref={dialog} class="popover" role="dialog" aria-labelledby="glossa-fix-title" tabIndex={-1} onKeyDown={onKeyDown}>
      <div class="header">
        <h2 id="glossa-fix-title" class="title">{t('termFixDialogTitle')}</h2>
        <button type="button" class="close" aria-label={t('termFixCancel')} onClick={() => props.onClose()}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p class="term-caption">{t('termFixTranslatedLabel')}</p>
      <p class="term-translated" lang={props.targetLang.toLowerCase()}>{marked(props.translation, props.selected)}</p>
      <AddToGlossaryForm source="" target={props.selected} sourceLang={props.sourceLang} targetLang={props.targetLang}
        original={props.original} api={props.api} onClose={props.onClose} />
    </div>
  );
}
