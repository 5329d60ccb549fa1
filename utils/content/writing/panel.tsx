// Opens the writing panel for a field: Glossa's own host with a closed shadow root (the
// selection popover's slot, look and isolation), anchored under the field. It asks the
// background for the draft's translation, rebuilds it from the draft's own elements, and
// writes it into the field only on Replace; choices made here translate again (and the
// background remembers the target and formality for the site).
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { WritingPanel, type WritingChoices, type WritingStatus } from '../../../components/popover/WritingPanel';
import type { Language } from '../../shared/api-types';
import { t } from '../../shared/i18n';
import { FALLBACK_TARGET_LANGUAGES } from '../../shared/languages';
import { sendMessage, type DraftRequest, type DraftTranslation } from '../../shared/protocol';
import { baseOf, textSample, type DetectLanguage } from '../../page/language';
import { defaultPopoverDeps, openPopoverHost, placePopover, type OpenPopover } from '../selection/popover';
import { describeError, errorKind } from '../selection/error-text';
import { rebuildDraft } from './draft-html';
import type { Draft, FieldProblem, WritingField } from './field';
import { fieldUnchanged, undoTranslation, writeTranslation } from './write-back';
import { WRITING_CSS } from './panel-styles';

/** How long Undo stays offered after Replace. */
const UNDO_OFFER_MS = 8_000;
/** Share of the text the top detected language needs before Glossa names it as the source. */
const CONFIDENT_PERCENTAGE = 70;

export interface WritingDeps {
  translate(request: DraftRequest): Promise<DraftTranslation>;
  detect: DetectLanguage;
  openOptions(): Promise<void>;
  writeClipboard(text: string, root: ShadowRoot): Promise<boolean>;
  targets: readonly Language[];
}

export const defaultWritingDeps: WritingDeps = {
  translate: (request) => sendMessage('translateDraft', request),
  detect: async (text) => {
    if (!text.trim() || typeof browser.i18n?.detectLanguage !== 'function') return undefined;
    return browser.i18n.detectLanguage(text);
  },
  openOptions: defaultPopoverDeps.openOptions,
  writeClipboard: defaultPopoverDeps.writeClipboard,
  targets: FALLBACK_TARGET_LANGUAGES,
};

/** A confident base language for `text`, or ''. */
async function detectedLanguage(text: string, detect: DetectLanguage): Promise<string> {
  const result = await detect(text.slice(0, 3000)).catch(() => undefined);
  const top = result?.languages?.[0];
  return result?.isReliable && top && top.percentage >= CONFIDENT_PERCENTAGE && top.language !== 'und' ? baseOf(top.language) : '';
}

/** The language the field is written to: what its part of the page declares, else what the page's text reads as. */
async function pageLanguage(field: WritingField, detect: DetectLanguage): Promise<string> {
  const element = field.kind === 'text' ? field.element : field.host;
  // A form in another language than the page around it declares its own (`<section lang="de">`).
  const declared = element.closest('[lang]')?.getAttribute('lang')?.trim() ?? '';
  return declared || detectedLanguage(textSample(element.ownerDocument), detect);
}

/** The field's box in the coordinates of `doc`'s viewport (it may sit in a same-origin frame). */
function fieldRect(field: WritingField, doc: Document): { top: number; bottom: number; left: number; right: number } {
  const element = field.kind === 'text' ? field.element : field.host;
  const box = element.getBoundingClientRect();
  let rect = { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
  let view: Window | null = element.ownerDocument.defaultView;
  while (view && view.document !== doc && view.frameElement) {
    const frame = view.frameElement.getBoundingClientRect();
    rect = { top: rect.top + frame.top, bottom: rect.bottom + frame.top, left: rect.left + frame.left, right: rect.right + frame.left };
    view = view.parent === view ? null : view.parent;
  }
  return rect;
}

function addPanelStyles(shadow: ShadowRoot, doc: Document): void {
  try {
    const Sheet = doc.defaultView?.CSSStyleSheet ?? CSSStyleSheet;
    const sheet = new Sheet();
    sheet.replaceSync(WRITING_CSS);
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
  } catch {
    const style = doc.createElement('style');
    style.textContent = WRITING_CSS;
    shadow.prepend(style);
  }
}

/** A text field's translation keeps the draft's leading and trailing whitespace (line breaks around it). */
function keepEdges(draft: string, translation: string): string {
  const lead = /^\s*/.exec(draft)?.[0] ?? '';
  const trail = /\s*$/.exec(draft)?.[0] ?? '';
  return lead + translation.trim() + trail;
}

const PROBLEM_TEXT: Record<FieldProblem, string> = {
  'no-field': 'writingNoField',
  sensitive: 'writingSensitive',
  empty: 'writingEmpty',
};

/** Opens the panel for a captured draft, or one that says why there is none; closes any other popover. */
export function openWritingPanel(draft: Draft | FieldProblem, doc: Document = document, deps: WritingDeps = defaultWritingDeps): OpenPopover {
  const view = doc.defaultView ?? window;
  let pending: Promise<void> = Promise.resolve();
  let undoTimer: ReturnType<typeof setTimeout> | undefined;
  const field = typeof draft === 'string' ? null : draft.field;
  const previousFocus = field ? (field.kind === 'text' ? field.element : field.host) : null;
  const panel = openPopoverHost(doc, () => pending, (restoreFocus) => {
    clearTimeout(undoTimer);
    if (restoreFocus && previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
  });
  const { host, shadow, mount } = panel;
  addPanelStyles(shadow, doc);

  let status: WritingStatus = typeof draft === 'string' ? { state: 'unavailable', message: t(PROBLEM_TEXT[draft]) } : { state: 'loading' };
  const choices: WritingChoices = { targetLang: '', formality: 'default', glossaryId: '', glossaries: [] };
  /** What the user picked in this panel (sent, and so remembered for the site). */
  const picked: Pick<DraftRequest, 'targetLang' | 'formality' | 'glossaryId'> = {};
  let fragment: DocumentFragment | null = null;
  let sequence = 0;

  const anchor = field ? fieldRect(field, doc) : { top: 0, bottom: 0, left: 8, right: 8 };
  const paint = () => {
    if (panel.closed) return;
    render(
      <WritingPanel status={status} choices={choices} targets={deps.targets}
        onTargetChange={(code) => {
          picked.targetLang = code;
          choices.targetLang = code;
          // Another pair may have another default glossary.
          delete picked.glossaryId;
          void translate();
        }}
        onFormalityChange={(formality) => {
          picked.formality = formality;
          choices.formality = formality;
          void translate();
        }}
        onGlossaryChange={(id) => {
          picked.glossaryId = id;
          choices.glossaryId = id;
          void translate();
        }}
        onReplace={() => void replace()}
        onUndo={() => void undo()}
        onCopy={(text) => deps.writeClipboard(text, shadow)}
        onClose={() => panel.close(true)}
        onOpenOptions={() => {
          void deps.openOptions().catch(() => undefined);
          panel.close(false);
        }}
        onRetry={() => void translate()}
      />,
      mount,
    );
    placePopover(host, anchor, view);
  };

  const languages = typeof draft === 'string'
    ? Promise.resolve({ pageLang: '', draftLang: '' })
    : Promise.all([pageLanguage(draft.field, deps.detect), detectedLanguage(draft.text, deps.detect)]).then(([pageLang, draftLang]) => ({ pageLang, draftLang }));

  const translate = async () => {
    if (typeof draft === 'string') return;
    const mine = ++sequence;
    status = { state: 'loading' };
    fragment = null;
    paint();
    const run = (async () => {
      try {
        const { pageLang, draftLang } = await languages;
        const result = await deps.translate({ html: draft.html, pageLang, draftLang, ...picked });
        if (panel.closed || mine !== sequence) return;
        Object.assign(choices, { targetLang: result.targetLang, formality: result.formality, glossaryId: result.glossaryId, glossaries: result.glossaries });
        // Typed into meanwhile: this translation is of a text that is gone.
        if (!fieldUnchanged(draft.field)) {
          status = { state: 'changed' };
          paint();
          return;
        }
        const fieldDoc = draft.field.kind === 'text' ? draft.field.element.ownerDocument : draft.field.host.ownerDocument;
        const rebuilt = rebuildDraft(result.translation, draft.elements, fieldDoc);
        const preview = draft.field.kind === 'text' ? keepEdges(draft.text, rebuilt.text) : rebuilt.text;
        fragment = rebuilt.fragment;
        status = rebuilt.text.trim() === ''
          ? { state: 'error', error: describeError('bad-response') }
          : { state: 'done', preview, detectedSourceLang: result.detectedSourceLang, billedCharacters: result.billedCharacters };
      } catch (err) {
        if (panel.closed || mine !== sequence) return;
        status = { state: 'error', error: describeError(errorKind(err)) };
      }
      paint();
    })();
    pending = run;
    await run;
  };

  const replace = async () => {
    if (typeof draft === 'string' || status.state !== 'done' || !fragment) return;
    const done = status;
    const outcome = await writeTranslation(draft.field, fragment, done.preview);
    if (panel.closed) return;
    if (outcome === 'changed') {
      status = { state: 'changed' };
      paint();
      return;
    }
    if (outcome === 'unwritten') {
      // The preview stays, to copy; the panel does not claim a replacement it cannot see.
      status = { ...done, unwritten: true };
      paint();
      return;
    }
    status = { state: 'replaced', preview: done.preview, billedCharacters: done.billedCharacters };
    paint();
    undoTimer = setTimeout(() => panel.close(false), UNDO_OFFER_MS);
  };

  const undo = async () => {
    if (!field) return;
    clearTimeout(undoTimer);
    panel.close(false);
    await undoTranslation(field);
  };

  paint();
  void translate();
  return panel;
}
