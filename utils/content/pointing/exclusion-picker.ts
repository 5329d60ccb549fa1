// `Never translate this part`: the element under the right-click, outlined live, with a panel
// to widen the choice to its parent, save it as a stable selector for the site, or cancel;
// after saving, Undo stays offered for a while. The panel lives in a closed shadow root on
// <html> (as the page notice does): page scripts can neither read it nor press its buttons.
import { t } from '../../shared/i18n';
import { sendMessage } from '../../shared/protocol';
import { stableSelector } from '../../page/stable-selector';
import { resend } from '../resend';
import { exposeShadowRoot } from '../test-hooks';
import TOKENS_CSS from '../../../components/ui/tokens.css?inline';
import BUTTON_KINDS_CSS from '../../../components/ui/button-kinds.css?inline';

const HOST_TAG = 'glossa-picker';
/** How long Undo stays offered after saving. */
const UNDO_MS = 15_000;

// Colours, type and button kinds from Glossa's visual system (components/ui), as on the page notice.
const STYLE = `${TOKENS_CSS}${BUTTON_KINDS_CSS}
:host{all:initial;--g-control-height:var(--g-control-height-s);}
.outline{position:fixed;pointer-events:none;z-index:2147483646;border:2px solid #d9480f;background:rgba(217,72,15,.08);border-radius:3px;box-sizing:border-box;}
.panel{position:fixed;z-index:2147483647;inset-inline-start:16px;bottom:16px;max-width:min(440px,calc(100vw - 32px));font:var(--g-text-s)/1.45 var(--g-font);color:var(--g-text);
  background:var(--g-surface-raised);border:1px solid var(--g-border);border-radius:var(--g-radius-m);box-shadow:var(--g-shadow-2);padding:10px 12px;display:grid;gap:8px;}
.title{font-weight:600;margin:0;}
code{font:12px/1.4 var(--g-font-mono);background:var(--g-surface-2);border-radius:var(--g-radius-s);padding:2px 5px;word-break:break-all;}
.row{display:flex;gap:8px;flex-wrap:wrap;justify-content:flex-end;}
button{font-size:var(--g-text-s);padding:0 var(--g-space-3);}
.error{color:var(--g-danger);margin:0;}
`;

let closeOpen: (() => void) | undefined;

function button(doc: Document, label: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = doc.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (primary) b.dataset.kind = 'primary';
  // Only the user's own clicks count (each changes what the site translates).
  b.addEventListener('click', (e) => {
    if (e.isTrusted) onClick();
  });
  return b;
}

export function openExclusionPicker(start: Element, doc: Document = document): void {
  closeOpen?.();
  const win = doc.defaultView ?? window;
  let chosen = start;
  let selector = stableSelector(chosen);
  let frame = 0;

  const host = doc.createElement(HOST_TAG);
  host.setAttribute('translate', 'no');
  host.className = 'notranslate';
  const root = host.attachShadow({ mode: 'closed' });
  exposeShadowRoot('picker', () => (host.isConnected ? root : null));
  const style = doc.createElement('style');
  style.textContent = STYLE;
  const outline = doc.createElement('div');
  outline.className = 'outline';
  const panel = doc.createElement('div');
  panel.className = 'panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', t('pointingPickerTitle'));
  root.append(style, outline, panel);

  const place = () => {
    const rect = chosen.getBoundingClientRect();
    Object.assign(outline.style, { left: `${rect.left - 2}px`, top: `${rect.top - 2}px`, width: `${rect.width + 4}px`, height: `${rect.height + 4}px` });
  };
  const follow = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(place);
  };
  const close = () => {
    cancelAnimationFrame(frame);
    win.removeEventListener('scroll', follow, true);
    win.removeEventListener('resize', follow);
    doc.removeEventListener('keydown', onKey, true);
    host.remove();
    if (closeOpen === close) closeOpen = undefined;
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };
  closeOpen = close;

  const text = (tag: string, content: string, cls?: string) => {
    const el = doc.createElement(tag);
    el.textContent = content;
    if (cls) el.className = cls;
    return el;
  };

  function choose(): void {
    panel.replaceChildren();
    const code = text('code', selector);
    const wider = button(doc, t('pointingPickerWider'), () => {
      const parent = chosen.parentElement;
      if (!parent || parent === doc.body || parent === doc.documentElement) return;
      chosen = parent;
      selector = stableSelector(chosen);
      choose();
      place();
    });
    const parent = chosen.parentElement;
    wider.disabled = !parent || parent === doc.body || parent === doc.documentElement;
    const save = button(doc, t('pointingPickerSave'), () => void saveChoice(), true);
    panel.append(
      text('p', t('pointingPickerTitle'), 'title'),
      code,
      Object.assign(doc.createElement('div'), { className: 'row' }),
    );
    panel.lastElementChild!.append(wider, button(doc, t('pointingPickerCancel'), close), save);
    save.focus();
  }

  async function saveChoice(): Promise<void> {
    try {
      await resend(() => sendMessage('excludeElement', { selector }));
    } catch (err) {
      panel.append(text('p', err instanceof Error ? err.message : String(err), 'error'));
      return;
    }
    outline.remove();
    panel.replaceChildren(text('p', t('pointingPickerSaved'), 'title'), text('code', selector));
    const undo = button(doc, t('pointingPickerUndo'), () => {
      void resend(() => sendMessage('excludeElement', { selector, undo: true })).finally(close);
    });
    const row = Object.assign(doc.createElement('div'), { className: 'row' });
    row.append(button(doc, t('pageNoticeClose'), close), undo);
    panel.append(row);
    undo.focus();
    setTimeout(() => {
      if (host.isConnected) close();
    }, UNDO_MS);
  }

  doc.documentElement.appendChild(host);
  win.addEventListener('scroll', follow, true);
  win.addEventListener('resize', follow);
  doc.addEventListener('keydown', onKey, true);
  place();
  choose();
}
