// Writes translations into the page, a few blocks per frame (each text change costs style and
// layout in the frame that follows), and takes them out again. Only the text of an answer and
// the order of Glossa's ids are used (write-back.ts); answers that do not match are refused.
import type { BlockResult, PageJobOptions } from '../shared/protocol';
import { readTranslation } from './answer-scan';
import type { buildBilingual } from './bilingual';
import { markTranslated } from './block-state';
import { fingerprint } from './fingerprint';
import { createPageMarks } from './page-marks';
import { createSlicer } from './schedule';
import type { Unit } from './units';
import type { releaseMarks, restoreMarks, undoWrite } from './undo-write';
import { ROOT_ONLY } from './serialize';
import { applyTranslation, createInertParser, writeIntact } from './write-back';

/**
 * Blocks written back in the first frame; each frame that used them all doubles them for the
 * next, up to the maximum (the slice's time budget still ends a frame's writes early). Each
 * frame's style and layout has a large fixed cost on a long page: more writes per frame finish
 * a whole page in fewer of them.
 */
const WRITES_PER_FRAME = 40;
const MAX_WRITES_PER_FRAME = 640;
/** Units put back per frame when restoring. */
const RESTORES_PER_FRAME = 150;
/**
 * The writer's slice: longer than the walk's. Each frame with writes costs a layout of the
 * page (tens of ms on a long one, however many blocks were written), so fewer, fuller frames
 * finish a whole page sooner. The slice itself stays well under the 50 ms a user notices.
 */
const WRITE_SLICE_MS = 16;
const LETTER = /\p{L}/u;
/** Translations remembered for the never-translate-a-translation check. */
const MAX_REMEMBERED_OUTPUTS = 20_000;
/** Block elements that cannot show a second line under them: translated in place in bilingual display too. */
const IN_PLACE_ONLY = new Set(['option', 'text']);

interface WriterDeps {
  doc: Document;
  job: PageJobOptions;
  /** Marks Glossa's own nodes (bilingual boxes). */
  own: WeakSet<Node>;
  /** Runs a DOM write the mutation observer must not take for the page's. */
  ownWrite(write: () => void): void;
  isStopped(): boolean;
  markFailed(unit: Unit): void;
  clearFailure(unit: Unit): void;
  /** The page changed the unit's nodes before the answer came: read it anew. */
  release(unit: Unit): void;
  /** The translation for this key could not be used: ask again next time. */
  forget(key: string): void;
  onPassStart(): void;
  onPassEnd(): void;
  /** The bilingual view's builder: code loaded on first need (extras.ts), there before the engine starts. */
  bilingual(): typeof buildBilingual | undefined;
  /** Putting written blocks and marks back: code loaded on first need (extras.ts), there before any is undone. */
  undoCode(): { undoWrite: typeof undoWrite; releaseMarks: typeof releaseMarks; restoreMarks: typeof restoreMarks } | undefined;
}

/**
 * Waits for the next frame (when frames run): Glossa's writes are spread over frames so the
 * style and layout work each one causes stays small. rAF does not run in background tabs: a
 * timer makes sure work goes on.
 */
function nextFrame(doc: Document): Promise<void> {
  const win = doc.defaultView;
  if (!win || typeof win.requestAnimationFrame !== 'function' || doc.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    win.requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function createWriter(deps: WriterDeps) {
  const { doc, job, own, ownWrite } = deps;
  const parse = createInertParser(doc);
  type Pending = { unit: Unit; result: BlockResult };
  /**
   * Answers for blocks that were on screen when they were queued are written before the rest: on
   * a long page the answers for blocks further down can be hundreds of blocks ahead of them.
   */
  const onScreen: Pending[] = [];
  const queue: Pending[] = [];
  const nextPending = () => onScreen.shift() ?? queue.shift();
  const pendingCount = () => onScreen.length + queue.length;
  /** Fingerprints of the texts written (the page holds the texts themselves). */
  const outputs = new Set<number>();
  const marks = createPageMarks(doc, job.targetLang);
  let writing: Promise<void> | undefined;
  let perFrame = WRITES_PER_FRAME;
  let documentMarked = false;

  /**
   * `<html lang>` says the target once something is translated in place. A new language
   * restyles and lays out the whole page (hundreds of ms on a huge one), so it is set at the
   * start of a frame, where that happens in the frame's rendering rather than inside a style read
   * of Glossa's, and not before the second frame: the frame after the first writes shows them
   * first, then the page takes its new language.
   */
  const markDocumentSoon = () => {
    if (job.bilingual || documentMarked) return;
    documentMarked = true;
    deps.onPassStart();
    void nextFrame(doc).then(() => nextFrame(doc)).then(() => {
      if (!deps.isStopped()) ownWrite(() => marks.markDocument());
      deps.onPassEnd();
    });
  };

  const remember = (text: string) => {
    if (outputs.size >= MAX_REMEMBERED_OUTPUTS) outputs.clear();
    outputs.add(fingerprint(text));
  };

  const refuse = (unit: Unit) => {
    // Not remembered: a retry asks the background again instead of reusing the bad answer.
    deps.forget(unit.key);
    deps.markFailed(unit);
  };

  function write(unit: Unit, translation: string): void {
    if (unit.kind === 'html') {
      const { block } = unit;
      if (!block.nodes.every((n) => n.parentNode === block.parent)) return deps.release(unit);
      const match = readTranslation(translation, block.source.slots, parse);
      if (!match.ok) return refuse(unit);
      const plain = match.tree.flat(1).filter((t) => typeof t === 'string').join('').replace(/[ \t\n\r\f]+/g, ' ').trim();
      // Every block was collected for its letters: an answer without any is empty.
      if (!LETTER.test(plain)) return refuse(unit);
      const bilingual = job.bilingual ? deps.bilingual() : undefined;
      ownWrite(() => {
        if (bilingual && !IN_PLACE_ONLY.has(block.element?.localName ?? '')) {
          const box = bilingual(doc, block.source, match.tree, marks.lang, marks.rightToLeft);
          own.add(box);
          if (block.element) block.element.appendChild(box);
          else block.parent.insertBefore(box, block.nodes[block.nodes.length - 1].nextSibling);
          unit.bilingual = box;
        } else {
          const holder = block.element ?? (block.parent.nodeType === 1 ? (block.parent as Element) : (block.parent as ShadowRoot).host);
          // An option without a value submits its text: the page's value stays what it was.
          if (holder.localName === 'option' && !holder.hasAttribute('value')) marks.set(unit, holder, 'value', (holder as HTMLOptionElement).value);
          markDocumentSoon();
          marks.markBlock(unit, holder);
          unit.record = applyTranslation(block.parent, block.nodes, block.source, match.tree);
          unit.edits = undefined;
        }
      });
      remember(plain);
    } else {
      // Plain text went as HTML without elements: the answer is read as such (an element in it
      // is refused, as in a block), and only its text is written, as an attribute value or a title.
      const match = readTranslation(translation, ROOT_ONLY, parse);
      if (!match.ok) return refuse(unit);
      const text = match.tree[0].filter((t) => typeof t === 'string').join('').trim();
      // Every unit was collected for its letters: an answer without any is empty.
      if (!LETTER.test(text)) return refuse(unit);
      if (unit.kind === 'attribute') {
        const { element, name, value, leading, trailing } = unit.block;
        if (element.getAttribute(name) !== value) return deps.release(unit);
        const written = leading + text + trailing;
        markDocumentSoon();
        ownWrite(() => element.setAttribute(name, written));
        unit.written = written;
      } else {
        if (doc.title !== unit.original) return deps.release(unit);
        const written = unit.leading + text + unit.trailing;
        ownWrite(() => {
          doc.title = written;
        });
        unit.written = written;
      }
      remember(text);
    }
    markTranslated(unit);
    deps.clearFailure(unit);
  }

  function run(): Promise<void> {
    if (writing) return writing;
    deps.onPassStart();
    const pass = async () => {
      const slicer = createSlicer(WRITE_SLICE_MS);
      let written = 0;
      while (pendingCount() && !deps.isStopped()) {
        if (slicer.expired() || written >= perFrame) {
          if (written >= perFrame) perFrame = Math.min(MAX_WRITES_PER_FRAME, perFrame * 2);
          await nextFrame(doc);
          await slicer.next();
          written = 0;
          continue;
        }
        const { unit, result } = nextPending()!;
        if (unit.state !== 'pending' || unit.version !== unit.sentVersion) continue; // changed meanwhile
        written++;
        if (!result.ok) deps.markFailed(unit);
        else write(unit, result.text);
      }
    };
    writing = pass().finally(() => {
      writing = undefined;
      deps.onPassEnd();
      if (pendingCount() && !deps.isStopped()) void run();
    });
    return writing;
  }

  /** The undo code; the engine loads it before undoing anything written (engine.ts: release, restore). */
  const undoCode = () => {
    const code = deps.undoCode();
    if (!code) throw new Error('Glossa cannot put the page back: its undo code is not loaded');
    return code;
  };
  /** Whether undoing the unit needs the undo code: it holds a written translation or marks. */
  const needsUndoCode = (unit: Unit) => unit.kind === 'html' && (!!unit.record || marks.holds(unit));

  /** Takes Glossa's writes out of a unit: the page's current source text is back. */
  function undo(unit: Unit): void {
    if (unit.kind === 'html') {
      if (unit.record) undoCode().undoWrite(unit.record, unit.edits);
      if (marks.holds(unit)) undoCode().releaseMarks(marks.records, unit);
      unit.bilingual?.remove();
      unit.record = undefined;
      unit.bilingual = undefined;
      unit.edits = undefined;
    } else if (unit.kind === 'attribute') {
      const { element, name, value } = unit.block;
      if (unit.written !== undefined && element.getAttribute(name) === unit.written) element.setAttribute(name, value);
      unit.written = undefined;
    } else if (unit.written !== undefined && doc.title === unit.written) {
      doc.title = unit.original;
    }
  }

  return {
    push(items: readonly { unit: Unit; result: BlockResult }[]): void {
      if (!items.length) return;
      for (const item of items) (item.unit.priority === 'viewport' ? onScreen : queue).push(item);
      void run();
    },

    undo,

    /** Takes Glossa's writes out of every unit, in page order, a share per frame. */
    async undoAll(units: Iterable<Unit>): Promise<void> {
      const slicer = createSlicer();
      let restored = 0;
      for (const unit of [...units].sort((a, b) => a.seq - b.seq)) {
        if (slicer.expired() || restored >= RESTORES_PER_FRAME) {
          await nextFrame(doc);
          await slicer.next();
          restored = 0;
        }
        restored++;
        undo(unit);
      }
      if (marks.any) undoCode().restoreMarks(marks.records);
    },

    /** Whether undoing everything needs the undo code: something was written, or an attribute marked. */
    wroteAny(units: Iterable<Unit>): boolean {
      if (marks.any) return true;
      for (const unit of units) if (needsUndoCode(unit)) return true;
      return false;
    },

    needsUndoCode,

    /** Whether the unit's nodes are as Glossa left them (nothing changed while it could not look). */
    intact(unit: Unit): boolean {
      if (unit.kind === 'attribute') return unit.block.element.getAttribute(unit.block.name) === (unit.written ?? unit.block.value);
      if (unit.kind !== 'html') return true;
      const { block, record } = unit;
      if (!block.nodes.every((n) => n.parentNode === block.parent)) return false;
      return !record || writeIntact(record);
    },

    /** The `lang` (or another marked attribute) of an element as the page set it, not as Glossa marked it. */
    pageValue: (el: Element, name: string) => marks.pageValue(el, name),

    /** Text Glossa wrote: content the page copies from it is not translated again. */
    isOutput(text: string): boolean {
      return outputs.has(fingerprint(text));
    },

    clear(): void {
      onScreen.length = 0;
      queue.length = 0;
    },

    /** Resolves once everything pushed so far is written (or dropped). */
    async drained(): Promise<void> {
      while (writing) await writing;
    },

    get pending(): number {
      return pendingCount();
    },
  };
}

export type Writer = ReturnType<typeof createWriter>;
