// A small notice in the page's corner when blocks failed (with Retry) or translation stopped
// (quota used up, key refused). It lives in a closed shadow root on <html>, outside <body>:
// the page's styles cannot reach it, restoring the body is not affected, and page scripts can
// neither read it nor press its buttons (each Retry may bill).
import { t } from '../shared/i18n';
import type { EngineProgress } from '../page/engine';
import { exposeShadowRoot } from './test-hooks';
import TOKENS_CSS from '../../components/ui/tokens.css?inline';

export interface StatusNotice {
  update(progress: EngineProgress): void;
  remove(): void;
}

export interface StatusNoticeActions {
  retry(): void;
  openOptions(): void;
}

const HOST_TAG = 'glossa-notice';

// Colours and type from Glossa's design tokens; the corner is the inline end (left in Arabic).
const STYLE = `${TOKENS_CSS}
:host{all:initial;position:fixed;inset-inline-end:16px;bottom:16px;z-index:2147483647;}
.box{font:var(--g-text-s)/1.4 var(--g-font);color:var(--g-text);background:var(--g-surface-raised);border:1px solid var(--g-border);
  border-radius:var(--g-radius-m);box-shadow:var(--g-shadow-2);padding:10px 12px;display:flex;gap:10px;align-items:center;max-width:360px;}
button{font:inherit;font-weight:500;border:1px solid var(--g-accent);background:var(--g-accent);color:var(--g-accent-text);
  border-radius:var(--g-radius-pill);min-height:28px;padding:0 12px;cursor:pointer;}
button.quiet{background:transparent;color:var(--g-text);border-color:transparent;border-radius:50%;padding:0 8px;}
button:focus-visible{outline:2px solid var(--g-focus);outline-offset:2px;}
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
