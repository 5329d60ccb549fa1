// The optional field button: on sites where the user turned writing help on, a small button at
// the bottom corner of the focused text field or editor opens the writing panel (the same one
// as the command). It lives in a closed shadow root placed right after the field, so Tab from
// the field reaches it; it is positioned absolutely (no room taken in the page's layout); a
// press on it keeps the focus in the field. Fields that hold secrets never get it.
import TOKENS_CSS from '../../../components/ui/tokens.css?inline';
import { editingHost, focusedElement, isSensitive, isTextField } from './field';

export const FIELD_BUTTON_TAG = 'glossa-field-button';
/** The button's side in CSS pixels (smaller in low single-line inputs). */
const SIZE = 24;
const MIN_SIZE = 16;
/** Gap between the button and the field's inner edge. */
const INSET = 4;

const HOST_STYLE: Record<string, string> = {
  all: 'initial', display: 'block', position: 'absolute', 'z-index': '2147483646', margin: '0', padding: '0',
  border: '0', width: 'auto', height: 'auto', transform: 'none', opacity: '1', visibility: 'visible',
  'pointer-events': 'auto', filter: 'none', 'clip-path': 'none', overflow: 'visible', top: '0', left: '0',
};

const BUTTON_CSS = `
button { all: initial; box-sizing: border-box; display: flex; align-items: center; justify-content: center;
  width: var(--size); height: var(--size); padding: 0; cursor: pointer; border-radius: var(--g-radius-pill);
  border: 1px solid var(--g-border); background: var(--g-surface-raised); color: var(--g-accent);
  box-shadow: var(--g-shadow-1); opacity: 0.85; }
button:hover { opacity: 1; border-color: var(--g-accent); background: var(--g-accent-soft); }
button:focus-visible { opacity: 1; outline: 2px solid var(--g-focus); outline-offset: 2px; }
svg { width: 70%; height: 70%; display: block; pointer-events: none; }
`;

/** "文A": the translate glyph, drawn in currentColor. */
const ICON_PATH = 'm12.9 15.1-2.6-2.5v-.1a17.3 17.3 0 0 0 3.7-6.5H17V4h-7V2H8v2H1v2h11.2c-.7 2-1.8 3.8-3.2 5.4-.9-1-1.7-2.1-2.3-3.4h-2c.7 1.6 1.7 3.2 3 4.6l-5.1 5L4 19l5-5 3.1 3.1.8-2ZM18.5 10h-2L12 22h2l1.1-3h4.8l1.1 3h2l-4.5-12Zm-2.6 7 1.6-4.3 1.6 4.3h-3.2Z';
const SVG_NS = 'http://www.w3.org/2000/svg';

function icon(doc: Document): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', ICON_PATH);
  svg.append(path);
  return svg;
}

type ButtonField = HTMLTextAreaElement | HTMLInputElement | HTMLElement;

interface FieldButtonOptions {
  /** Asks for the writing panel of the focused field (the focus is back in the field by then). */
  open(): void;
  /** The button's label (accessible name and tooltip). */
  label: string;
}

export interface FieldButton {
  /** The field the button is shown for, or null. */
  readonly field: ButtonField | null;
  /** The closed shadow root while shown (test builds expose it). */
  readonly root: ShadowRoot | null;
  stop(): void;
}

/** The field writing help would serve for `element`, or null (secrets, read-only, not editable). */
export function buttonFieldFor(element: Element | null): ButtonField | null {
  if (!element) return null;
  if (isTextField(element)) return element.readOnly || element.disabled || isSensitive(element) ? null : element;
  if (!(element as HTMLElement).isContentEditable) return null;
  const host = editingHost(element as HTMLElement);
  return isSensitive(host) ? null : host;
}

/** Shows the button for whichever eligible field holds the focus; returns the handle. */
export function startFieldButton(doc: Document, options: FieldButtonOptions): FieldButton {
  const view = (doc.defaultView ?? window) as Window & typeof globalThis;
  let field: ButtonField | null = null;
  let host: HTMLElement | null = null;
  let shadow: ShadowRoot | null = null;
  let button: HTMLButtonElement | null = null;
  let frame = 0;
  const resize = typeof view.ResizeObserver === 'function' ? new view.ResizeObserver(() => schedule()) : null;

  const place = () => {
    frame = 0;
    if (!field || !host || !button) return;
    if (!field.isConnected) return hide();
    const rect = field.getBoundingClientRect();
    const innerHeight = field.clientHeight || rect.height;
    const size = Math.max(MIN_SIZE, Math.min(SIZE, innerHeight - 2 * INSET));
    button.style.setProperty('--size', `${size}px`);
    const innerRight = rect.left + field.clientLeft + (field.clientWidth || rect.width);
    const innerTop = rect.top + field.clientTop;
    // A text area's resize grip keeps its corner.
    const left = innerRight - size - (field.localName === 'textarea' ? INSET + 12 : INSET);
    // Low fields (one line) centre it; taller ones keep it in the bottom corner, clear of the text's start.
    const top = innerHeight < 2 * size + 2 * INSET ? innerTop + (innerHeight - size) / 2 : innerTop + innerHeight - size - INSET;
    // Absolute in an unknown containing block: measure where 0,0 lands and shift by the difference.
    host.style.setProperty('left', '0px', 'important');
    host.style.setProperty('top', '0px', 'important');
    const origin = host.getBoundingClientRect();
    host.style.setProperty('left', `${Math.round(left - origin.left)}px`, 'important');
    host.style.setProperty('top', `${Math.round(top - origin.top)}px`, 'important');
  };

  function schedule() {
    if (frame === 0 && field) frame = view.requestAnimationFrame(place);
  }

  const open = (event: MouseEvent) => {
    // Only the user's own press: a page cannot click inside a closed root, and a synthetic event is refused.
    if (!event.isTrusted || !field) return;
    event.preventDefault();
    if (shadow?.activeElement === button) field.focus({ preventScroll: true });
    options.open();
  };

  const keepFocus = (event: Event) => {
    // A press on the button must not take the focus (and the caret) away from the field.
    event.preventDefault();
  };

  const create = () => {
    const element = doc.createElement(FIELD_BUTTON_TAG);
    element.setAttribute('translate', 'no');
    element.classList.add('notranslate');
    for (const [name, value] of Object.entries(HOST_STYLE)) element.style.setProperty(name, value, 'important');
    const root = element.attachShadow({ mode: 'closed' });
    const css = TOKENS_CSS + BUTTON_CSS;
    try {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
    } catch {
      const style = doc.createElement('style');
      style.textContent = css;
      root.append(style);
    }
    const own = doc.createElement('button');
    own.type = 'button';
    own.setAttribute('aria-label', options.label);
    own.title = options.label;
    own.append(icon(doc));
    own.addEventListener('pointerdown', keepFocus);
    own.addEventListener('mousedown', keepFocus);
    own.addEventListener('click', open);
    root.append(own);
    return { element, root, own };
  };

  const show = (target: ButtonField) => {
    if (field === target && host?.isConnected) return schedule();
    hide();
    field = target;
    if (!host) ({ element: host, root: shadow, own: button } = create());
    // Right after the field: next in the Tab order. A document-wide editor (body) gets it at the end.
    if (target === doc.body) doc.documentElement.append(host);
    else target.after(host);
    resize?.observe(target);
    place();
  };

  function hide() {
    if (field) resize?.unobserve(field);
    field = null;
    host?.remove();
    if (frame) view.cancelAnimationFrame(frame);
    frame = 0;
  }

  const onFocusIn = () => {
    const active = focusedElement(doc);
    if (host && (active === host || doc.activeElement === host)) return;
    const target = buttonFieldFor(active);
    if (target) show(target);
    else hide();
  };

  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && (next === host || next === field || (field && field.contains(next)))) return;
    // Focus moving into another field is handled by focusin; leaving to nothing hides it.
    if (!next) hide();
  };

  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('focusout', onFocusOut, true);
  view.addEventListener('resize', schedule);
  view.addEventListener('scroll', schedule, { capture: true, passive: true });
  // A field focused before the script arrived (the tab was open when the user turned it on).
  onFocusIn();

  return {
    get field() {
      return field;
    },
    get root() {
      return field && host?.isConnected ? shadow : null;
    },
    stop() {
      hide();
      resize?.disconnect();
      doc.removeEventListener('focusin', onFocusIn, true);
      doc.removeEventListener('focusout', onFocusOut, true);
      view.removeEventListener('resize', schedule);
      view.removeEventListener('scroll', schedule, { capture: true });
    },
  };
}
