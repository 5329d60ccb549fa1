// The term form frame's page (entrypoints/term-form): what a content script handed over under a
// one-time handle (the selection, or a block's original and translation) is read from the
// background, then the same form as before runs here, in the extension's origin. "Add to
// glossary" fills the popover's body; "Fix translation…" is the whole dialog. Closing and the
// height go to the page's frame element as postMessage (TermFormFrame checks where they come from).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TermFormRequest } from '../../utils/shared/protocol';
import { t } from '../../utils/shared/i18n';
import { AddToGlossaryForm, type TermFixApi } from './AddToGlossaryForm';
import { DialogFrame } from './DialogFrame';
import { TermFixDialog } from './TermFixDialog';
import type { TermFormFrameMessage } from './TermFormFrame';

interface TermFormPageProps {
  handle: string;
  load(handle: string): Promise<TermFormRequest>;
  api: TermFixApi;
  /** To the page's frame element. */
  post(message: TermFormFrameMessage): void;
}

/** Tells the frame element this document's height whenever it changes. */
function useReportedHeight(post: TermFormPageProps['post']) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const report = () => post({ glossaTermForm: 'size', height: element.getBoundingClientRect().height });
    report();
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return root;
}

export function TermFormPage(props: TermFormPageProps) {
  const [request, setRequest] = useState<TermFormRequest | null>(null);
  const [error, setError] = useState('');
  const root = useReportedHeight(props.post);
  const close = () => props.post({ glossaTermForm: 'close' });

  useEffect(() => {
    props.load(props.handle).then(setRequest, (err: unknown) => setError((err instanceof Error && err.message) || t('termFormExpired')));
  }, []);

  return (
    <div ref={root} class="term-page">
      {error && (
        <DialogFrame titleId="glossa-form-error" title={t('termFixTitle')} closeLabel={t('termFixCancel')} onClose={close}>
          <p class="term-field-error" role="alert">{error}</p>
        </DialogFrame>
      )}
      {request?.kind === 'fix' && (
        <TermFixDialog original={request.original} translation={request.translation} selected={request.selected}
          sourceLang={request.sourceLang} targetLang={request.targetLang} api={props.api} onClose={close} />
      )}
      {request?.kind === 'add' && (
        <div class="popover embedded" onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          close();
        }}>
          <AddToGlossaryForm source={request.source} target={request.target} sourceLang={request.sourceLang}
            targetLang={request.targetLang} api={props.api} onClose={close} />
        </div>
      )}
    </div>
  );
}
