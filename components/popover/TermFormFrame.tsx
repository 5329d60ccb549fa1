// The term form as the page holds it: an iframe of Glossa's own page (term-form.html, an
// extension origin out of the page's process), so glossary names, entries and what the user
// types there never reach the page or the content script. The frame tells its height and when
// it closes with postMessage; only messages from this very frame and the extension's origin count.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TermFormRequest } from '../../utils/shared/protocol';
import { t } from '../../utils/shared/i18n';
import { focusIfStillHere } from './focus-still-here';

/** How the content script opens a form: the background answers with the frame's one-time URL. */
export interface TermFormOpener {
  open(request: TermFormRequest): Promise<{ url: string }>;
  /** The extension's origin (chrome-extension://…, moz-extension://…): the frame's messages come from it. */
  origin: string;
}

/** What the frame posts to its parent (entrypoints/term-form). */
export type TermFormFrameMessage = { glossaTermForm: 'size'; height: number } | { glossaTermForm: 'close' };

interface TermFormFrameProps {
  request: TermFormRequest;
  opener: TermFormOpener;
  onClose(): void;
  /** The frame's class (its width comes from where it sits). */
  class?: string;
  /** The class of the line shown while the frame opens. */
  loadingClass?: string;
  /** The frame's height changed (a dialog placed at a selection moves to stay in view). */
  onResize?(): void;
}

const MAX_HEIGHT = 640;

export function TermFormFrame(props: TermFormFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [url, setUrl] = useState('');
  const [failed, setFailed] = useState(false);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    if (height > 0) props.onResize?.();
  }, [height]);

  useEffect(() => {
    let live = true;
    props.opener.open(props.request).then(({ url: opened }) => live && setUrl(opened), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  // Listening from the commit on: the frame's first message may come before a passive effect runs.
  useLayoutEffect(() => {
    const view = frame.current?.ownerDocument.defaultView;
    if (!url || !view) return undefined;
    const onFrameMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (event.origin !== props.opener.origin || !source || event.source !== source) return;
      const data = event.data as Partial<TermFormFrameMessage> | null;
      if (data?.glossaTermForm === 'close') props.onClose();
      else if (data?.glossaTermForm === 'size' && typeof data.height === 'number' && Number.isFinite(data.height)) {
        setHeight(Math.max(0, Math.min(MAX_HEIGHT, Math.ceil(data.height))));
      }
    };
    view.addEventListener('message', onFrameMessage);
    return () => view.removeEventListener('message', onFrameMessage);
  }, [url]);

  if (failed) return <p class="term-field-error" role="alert">{t('termFormOpenFailed')}</p>;
  return (
    <>
      {!height && <p class={props.loadingClass ?? 'status loading'}>{t('termFormOpening')}</p>}
      {url && <iframe ref={frame} class={props.class ?? 'term-frame'} title={t('termFormFrameTitle')} src={url}
        style={{ height: `${height}px` }} onLoad={() => focusIfStillHere(frame.current)} />}
    </>
  );
}
