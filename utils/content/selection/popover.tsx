// Opens the selection popover for a captured selection: a host element of Glossa's own with a
// closed shadow root (page CSS cannot reach inside; page scripts cannot read the translation
// or press the popover's buttons, each of which may bill a request), the Preact popover rendered into it, anchored
// under (or above) the selection. It asks the background for translations (one per target
// language, remembered while the popover is open so switching back bills nothing), copies,
// replaces in editable fields, and gives focus back where it was when it closes.
import { render } from 'preact';
import { SelectionPopover, type PopoverStatus } from '../../../components/popover/SelectionPopover';
import type { Language } from '../../shared/api-types';
import { FALLBACK_TARGET_LANGUAGES } from '../../shared/languages';
import { sendMessage, type SelectionRequest, type SelectionTranslation } from '../../shared/protocol';
import type { CapturedSelection, SelectionRect } from './capture';
import { deepActiveElement } from './selected-range';
import { describeError, errorKind } from './error-text';
import { POPOVER_CSS } from './popover-styles';
import TOKENS_CSS from '../../../components/ui/tokens.css?inline';
import BUTTON_KINDS_CSS from '../../../components/ui/button-kinds.css?inline';
import type { ReplaceOutcome } from '../../shared/selection-types';
import { replaceSelection } from './replace';
import { sanitizeTranslation, textTranslation } from './sanitize';
import { TERM_FIX_CSS } from '../term-fix/styles';
import { termFormOpener } from '../term-fix/api';

export const POPOVER_HOST_TAG = 'glossa-selection-popover';

export interface PopoverDeps {
  translate(request: SelectionRequest): Promise<SelectionTranslation>;
  openOptions(): Promise<void>;
  writeClipboard(text: string, root: ShadowRoot): Promise<boolean>;
  targets: readonly Language[];
}

export interface OpenPopover {
  host: HTMLElement;
  /** Closed: this reference is the only way in. */
  shadow: ShadowRoot;
  /** Settles when the translation for the current target has been shown (or failed). */
  settled(): Promise<void>;
  close(restoreFocus?: boolean): void;
  readonly closed: boolean;
}

async function writeClipboard(text: string, root: ShadowRoot): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Pages without clipboard access (insecure origins, permissions policy): the old way.
  }
  const doc = root.host.ownerDocument as Document & { execCommand?: (command: string) => boolean };
  if (typeof doc.execCommand !== 'function') return false;
  const previous = root.activeElement as HTMLElement | null;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;opacity:0;pointer-events:none;';
  root.append(area);
  area.select();
  let ok = false;
  try {
    ok = doc.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  previous?.focus();
  return ok;
}

export const defaultPopoverDeps: PopoverDeps = {
  translate: (request) => sendMessage('translateSelection', request),
  openOptions: () => sendMessage('openOptionsFromSelection', {}),
  writeClipboard,
  targets: FALLBACK_TARGET_LANGUAGES,
};

/** The last target picked in a popover of this page, so the next selection uses it too. */
let lastTarget = '';
let current: OpenPopover | null = null;

export function currentPopover(): OpenPopover | null {
  return current && !current.closed ? current : null;
}

/**
 * Closes a popover or dialog on a press outside its host and on Escape pressed in the page
 * (focus may have left it; the page still gets the key). Focus stays where the user put it.
 * Returns what stops listening.
 */
function closeOnOutsideInput(doc: Document, host: HTMLElement, close: () => void): () => void {
  const onPointerDown = (event: Event) => {
    if (!event.composedPath().includes(host)) close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.composedPath().includes(host)) close();
  };
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('keydown', onKeyDown, true);
  return () => {
    doc.removeEventListener('pointerdown', onPointerDown, true);
    doc.removeEventListener('keydown', onKeyDown, true);
  };
}

/** Inline !important declarations on the host: page rules for our tag cannot hide or move it. */
const HOST_STYLE: Record<string, string> = {
  all: 'initial', display: 'block', position: 'absolute', 'z-index': '2147483647', margin: '0', padding: '0',
  border: '0', width: 'auto', height: 'auto', transform: 'none', opacity: '1', visibility: 'visible',
  'pointer-events': 'auto', filter: 'none', 'clip-path': 'none', overflow: 'visible', contain: 'layout style',
};

function createHost(doc: Document): { host: HTMLElement; shadow: ShadowRoot; mount: HTMLElement } {
  const host = doc.createElement(POPOVER_HOST_TAG);
  // Page translators (Glossa's own page engine included) leave the popover alone.
  host.setAttribute('translate', 'no');
  host.classList.add('notranslate');
  for (const [name, value] of Object.entries(HOST_STYLE)) host.style.setProperty(name, value, 'important');
  const shadow = host.attachShadow({ mode: 'closed' });
  const view = doc.defaultView;
  let adopted = false;
  try {
    // Constructed sheets are not inline styles, so a page's CSP (style-src) does not block them.
    const Sheet = view?.CSSStyleSheet ?? CSSStyleSheet;
    const sheet = new Sheet();
    sheet.replaceSync(TOKENS_CSS + BUTTON_KINDS_CSS + POPOVER_CSS + TERM_FIX_CSS);
    shadow.adoptedStyleSheets = [sheet];
    adopted = true;
  } catch {
    adopted = false;
  }
  if (!adopted) {
    const style = doc.createElement('style');
    style.textContent = TOKENS_CSS + BUTTON_KINDS_CSS + POPOVER_CSS + TERM_FIX_CSS;
    shadow.append(style);
  }
  const mount = doc.createElement('div');
  shadow.append(mount);
  (doc.documentElement ?? doc.body).append(host);
  return { host, shadow, mount };
}

/**
 * Glossa's host on the page, as the one open popover or dialog: opening it closes whatever held
 * the slot, a press outside or Escape in the page closes it, and closing (once) stops listening,
 * unmounts the UI, takes the host out and frees the slot. `afterClose` then puts focus back as
 * its owner sees fit.
 */
export function openPopoverHost(doc: Document, settled: () => Promise<void>, afterClose: (restoreFocus: boolean) => void): OpenPopover & { mount: HTMLElement } {
  current?.close(false);
  const { host, shadow, mount } = createHost(doc);
  let closed = false;
  const handle: OpenPopover & { mount: HTMLElement } = {
    host,
    shadow,
    mount,
    settled,
    close(restoreFocus = true) {
      if (closed) return;
      closed = true;
      // Focus goes back only from the popover itself or from nowhere. A close that arrives late
      // (the form frame's comes by message) must not take focus from where the user has put it.
      const active = doc.activeElement;
      const focusOurs = active === null || active === host || active === doc.body;
      stopListening();
      render(null, mount);
      host.remove();
      if (current === handle) current = null;
      afterClose(restoreFocus && focusOurs);
    },
    get closed() {
      return closed;
    },
  };
  current = handle; // the one popover of the page: the fix-translation dialog shares the slot
  const stopListening = closeOnOutsideInput(doc, host, () => handle.close(false));
  return handle;
}

/** Puts the popover below the selection, or above when there is no room, inside the viewport. */
export function placePopover(host: HTMLElement, anchor: SelectionRect, view: Window): void {
  const margin = 8;
  const box = host.getBoundingClientRect();
  const width = box.width;
  const height = box.height;
  const viewportWidth = view.innerWidth || view.document.documentElement.clientWidth;
  const viewportHeight = view.innerHeight || view.document.documentElement.clientHeight;
  let top = anchor.bottom + margin;
  if (top + height > viewportHeight - margin && anchor.top - margin - height >= margin) top = anchor.top - margin - height;
  top = Math.max(margin, Math.min(top, viewportHeight - height - margin));
  const left = Math.max(margin, Math.min(anchor.left, viewportWidth - width - margin));
  // Document coordinates: the popover scrolls with the text it belongs to.
  host.style.setProperty('top', `${Math.round(top + view.scrollY)}px`, 'important');
  host.style.setProperty('left', `${Math.round(left + view.scrollX)}px`, 'important');
}

function restoreFocusTo(captured: CapturedSelection, previous: Element | null): void {
  const editable = captured.editable;
  if (editable?.kind === 'field' && editable.element.isConnected) {
    editable.element.focus();
    try {
      editable.element.setSelectionRange(editable.start, editable.end);
    } catch {
      // The field's type changed meanwhile; focus alone is fine.
    }
    return;
  }
  if (previous && previous.isConnected && typeof (previous as HTMLElement).focus === 'function' && previous !== captured.document.body) {
    (previous as HTMLElement).focus();
  } else {
    (captured.document.activeElement as HTMLElement | null)?.blur?.();
  }
}

/** Opens the popover for `captured` (closing any other one) and starts translating. */
export function openSelectionPopover(captured: CapturedSelection, deps: PopoverDeps = defaultPopoverDeps): OpenPopover {
  const doc = captured.document;
  const view = doc.defaultView ?? window;
  const previousFocus = deepActiveElement(doc);
  let pending: Promise<void> = Promise.resolve();
  const popover = openPopoverHost(doc, () => pending, (restoreFocus) => {
    if (restoreFocus) restoreFocusTo(captured, previousFocus);
  });
  const { host, shadow, mount } = popover;

  const results = new Map<string, Promise<SelectionTranslation>>();
  let targetLang = lastTarget;
  let status: PopoverStatus = { state: 'loading' };
  let sequence = 0;

  const paint = () => {
    if (popover.closed) return;
    render(
      <SelectionPopover
        status={status}
        targetLang={targetLang}
        targets={deps.targets}
        canReplace={captured.editable !== undefined}
        onTargetChange={(code) => {
          targetLang = code;
          lastTarget = code;
          translate();
        }}
        onCopy={(text) => deps.writeClipboard(text, shadow)}
        onReplace={replace}
        onClose={() => popover.close(true)}
        onOpenOptions={() => {
          void deps.openOptions().catch(() => undefined);
          popover.close(false);
        }}
        onRetry={() => translate(true)}
        termFix={{ sourceText: captured.text, opener: termFormOpener }}
      />,
      mount,
    );
    placePopover(host, captured.rect, view);
  };

  const translate = (retry = false) => {
    const mine = ++sequence;
    if (captured.tooLong) {
      status = { state: 'error', error: describeError('too-large') };
      paint();
      return;
    }
    status = { state: 'loading' };
    paint();
    const key = targetLang.toUpperCase();
    if (retry) results.delete(key);
    let request = results.get(key);
    if (!request) {
      const data: SelectionRequest = captured.format === 'html' ? { html: captured.source } : { text: captured.source };
      if (captured.context) data.context = captured.context;
      if (targetLang) data.targetLang = targetLang;
      request = deps.translate(data);
      results.set(key, request);
      // A failed request is not remembered: picking the language again retries it.
      request.catch(() => results.delete(key));
    }
    pending = request.then(
      (result) => {
        if (popover.closed || mine !== sequence) return;
        if (!targetLang) {
          targetLang = result.targetLang;
          results.set(result.targetLang.toUpperCase(), request);
        }
        const translation = result.format === 'html'
          ? sanitizeTranslation(result.translation, captured.inline)
          : textTranslation(result.translation);
        // Nothing readable left (an answer made only of markup Glossa does not allow): say so.
        status = translation.text.trim() === ''
          ? { state: 'error', error: describeError('bad-response') }
          : { state: 'done', translation, detectedSourceLang: result.detectedSourceLang, billedCharacters: result.billedCharacters };
        paint();
      },
      (err: unknown) => {
        if (popover.closed || mine !== sequence) return;
        status = { state: 'error', error: describeError(errorKind(err)) };
        paint();
      },
    );
  };

  const replace = (text: string): ReplaceOutcome => {
    if (!captured.editable) return 'changed';
    const outcome = replaceSelection(captured.editable, text);
    if (outcome === 'replaced') popover.close(false);
    return outcome;
  };

  translate();
  return popover;
}
