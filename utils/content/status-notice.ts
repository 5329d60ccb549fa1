// A small notice in the page's corner when blocks failed (with Retry) or translation stopped
// (quota used up, key refused). It lives in a closed shadow root on <html>, outside <body>:
// the page's styles cannot reach it, restoring the body is not affected, and page scripts can
// neither read it nor press its buttons (each Retry may bill).
import { t } from '../shared/i18n';
import type { EngineProgress } from '../page/engine';
import { exposeShadowRoot } from './test-hooks';

export interface StatusNotice {
  update(progress: EngineProgress): void;
  remove(): void;
}

export interface StatusNoticeActions {
  retry(): void;
  openOptions(): void;
}

const HOST_TAG = 'glossa-notice';

const STYLE = `
:host{all:initial;position:fixed;right:16px;bottom:16px;z-index:2147483647;}
.box{font:13px/1.4 system-ui,sans-serif;color:#1b1b1f;background:#fff;border:1px solid #c8c8d0;border-radius:8px;
  box-shadow:0 2px 10px rgba(0,0,0,.18);padding:10px 12px;display:flex;gap:10px;align-items:center;max-width:360px;}
button{font:inherit;border:1px solid #2a56c6;background:#2a56c6;color:#fff;border-radius:6px;padding:3px 10px;cursor:pointer;}
button.quiet{background:transparent;color:#1b1b1f;border-color:#c8c8d0;}
button:focus-visible{outline:2px solid #2a56c6;outline-offset:2px;}
@media (prefers-color-scheme:dark){.box{background:#26262b;color:#eee;border-color:#55555f;}button.quiet{color:#eee;}}
`;

export function createStatusNotice(actions: StatusNoticeActions, doc: Document = document): StatusNotice {
  let host: HTMLElement | undefined;
  let root: ShadowRoot | undefined;
  let message: HTMLElement;
  let action: HTMLButtonElement;
  let dismissed = '';
  let shownKey = '';

  const ensure = () => {
    if (host?.isConnected) return;
    host = doc.createElement(HOST_TAG);
    host.setAttribute('translate', 'no');
    host.className = 'notranslate';
    root = host.attachShadow({ mode: 'closed' });
    const style = doc.createElement('style');
    style.textContent = STYLE;
    const box = doc.createElement('div');
    box.className = 'box';
    box.setAttribute('role', 'status');
    message = doc.createElement('span');
    action = doc.createElement('button');
    action.type = 'button';
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'quiet';
    close.textContent = '×';
    close.setAttribute('aria-label', t('pageNoticeClose'));
    close.addEventListener('click', () => {
      dismissed = shownKey;
      hide();
    });
    action.addEventListener('click', () => {
      if (action.dataset.kind === 'options') actions.openOptions();
      else actions.retry();
    });
    box.append(message, action, close);
    root.append(style, box);
    doc.documentElement.appendChild(host);
  };

  const hide = () => {
    host?.remove();
    host = undefined;
    root = undefined;
  };
  exposeShadowRoot('notice', () => root ?? null);

  return {
    update(progress) {
      let text = '';
      let kind: 'retry' | 'options' = 'retry';
      if (progress.state === 'error' && progress.errorCode === 'quota') text = t('pageNoticeQuota');
      else if (progress.state === 'error' && progress.errorCode === 'auth') {
        text = t('pageNoticeAuth');
        kind = 'options';
      } else if (progress.failed > 0 && progress.state !== 'translating' && progress.state !== 'original') {
        text = t('pageNoticeFailed', String(progress.failed));
      }
      const key = `${kind}:${text}`;
      if (!text || key === dismissed) {
        hide();
        return;
      }
      ensure();
      shownKey = key;
      message.textContent = text;
      action.textContent = kind === 'options' ? t('pageNoticeOpenOptions') : t('pageNoticeRetry');
      action.dataset.kind = kind;
    },
    remove: hide,
  };
}
