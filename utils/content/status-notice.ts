// A small notice in the page's corner when blocks failed (with Retry) or translation stopped
// (quota used up, key refused). It lives in a closed shadow root on <html>, outside <body>:
// the page's styles cannot reach it, restoring the body is not affected, and page scripts can
// neither read it nor press its buttons (each Retry may bill).
import { t } from '../shared/i18n';
import type { EngineProgress } from '../page/engine';
import { exposeShadowRoot } from './test-hooks';
import TOKENS_CSS from '../../components/ui/tokens.css?inline';
import BUTTON_KINDS_CSS from '../../components/ui/button-kinds.css?inline';

export interface StatusNotice {
  update(progress: EngineProgress): void;
  remove(): void;
}

export interface StatusNoticeActions {
  retry(): void;
  openOptions(): void;
}

const HOST_TAG = 'glossa-notice';

// Colours, type and button kinds from Glossa's visual system (components/ui), the same as on
// the options page; the corner is the inline end (left in Arabic).
const STYLE = `${TOKENS_CSS}${BUTTON_KINDS_CSS}
:host{all:initial;position:fixed;inset-inline-end:16px;bottom:16px;z-index:2147483647;--g-control-height:var(--g-control-height-s);}
.box{font:var(--g-text-s)/1.4 var(--g-font);color:var(--g-text);background:var(--g-surface-raised);border:1px solid var(--g-border);
  border-radius:var(--g-radius-m);box-shadow:var(--g-shadow-2);padding:10px 12px;display:flex;gap:10px;align-items:center;max-width:360px;}
button{flex:none;font-size:var(--g-text-s);padding:0 var(--g-space-3);}
button.close{width:var(--g-control-height-s);padding:0;border-radius:50%;color:var(--g-muted);font-size:var(--g-text-l);}
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
    action.dataset.kind = 'primary';
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'close';
    close.dataset.kind = 'quiet';
    close.textContent = '×';
    close.setAttribute('aria-label', t('pageNoticeClose'));
    close.addEventListener('click', () => {
      dismissed = shownKey;
      hide();
    });
    action.addEventListener('click', () => {
      if (action.dataset.action === 'options') actions.openOptions();
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
      action.dataset.action = kind;
    },
    remove: hide,
  };
}
