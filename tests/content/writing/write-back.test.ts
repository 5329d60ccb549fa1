// What Quill is given on a whole-field replace: the last block's content bare, so it takes the
// editor's closing line (and its format) instead of leaving an empty line of that format.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pasteEvent, withOpenLastBlock, writeTranslation } from '../../../utils/content/writing/write-back';
import type { WritingField } from '../../../utils/content/writing/field';

function fragmentOf(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function htmlOf(fragment: DocumentFragment): string {
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

describe('withOpenLastBlock', () => {
  it('opens the last list item and keeps the items before it', () => {
    const draft = fragmentOf('<p>Danke <b>sehr</b>.</p><ul><li data-list="bullet">Erster</li><li data-list="bullet">Zweiter</li></ul>');
    expect(htmlOf(withOpenLastBlock(draft))).toBe('<p>Danke <b>sehr</b>.</p><ul><li data-list="bullet">Erster</li></ul>Zweiter');
    // The original is left as it was.
    expect(htmlOf(draft)).toContain('<li data-list="bullet">Zweiter</li>');
  });

  it('drops a list that held only the last item, and leaves inline endings alone', () => {
    expect(htmlOf(withOpenLastBlock(fragmentOf('<p>A</p><ol><li>B <i>c</i></li></ol>')))).toBe('<p>A</p>B <i>c</i>');
    expect(htmlOf(withOpenLastBlock(fragmentOf('<p>A</p>tail')))).toBe('<p>A</p>tail');
  });
});

/** A rich field over the whole of a contenteditable holding `html`. */
function richField(html: string): { host: HTMLElement; field: WritingField } {
  document.body.innerHTML = `<div id="editor" contenteditable="true">${html}</div>`;
  const host = document.getElementById('editor')!;
  const range = document.createRange();
  range.selectNodeContents(host);
  return { host, field: { kind: 'rich', host, range, whole: true, before: host.textContent ?? '' } };
}

describe('writeTranslation into a rich editor', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('says "unwritten", and leaves the draft, when the editor takes the paste but shows nothing new', async () => {
    vi.useFakeTimers();
    const { host, field } = richField('<p>Thank you for the <b>quick</b> answer.</p>');
    // What Lexical did in Firefox: it cancels the paste, then finds no data it can read.
    host.addEventListener('paste', (event) => event.preventDefault());
    const outcome = writeTranslation(field, fragmentOf('<p>Danke für die <b>schnelle</b> Antwort.</p>'), 'Danke für die schnelle Antwort.');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBe('unwritten');
    expect(host.innerHTML).toBe('<p>Thank you for the <b>quick</b> answer.</p>');
  });

  it('says "replaced" once the editor shows the pasted text, even when it renders it later', async () => {
    const { host, field } = richField('<p>Thank you for the <b>quick</b> answer.</p>');
    const seen: string[] = [];
    host.addEventListener('paste', (event) => {
      event.preventDefault();
      const html = event.clipboardData?.getData('text/html') ?? '';
      seen.push(html);
      // Editors render their transaction on a later task.
      setTimeout(() => {
        host.innerHTML = html;
      }, 10);
    });
    const outcome = await writeTranslation(field, fragmentOf('<p>Danke für die <b>schnelle</b> Antwort.</p>'), 'Danke für die schnelle Antwort.');
    expect(outcome).toBe('replaced');
    expect(seen[0]).toContain('<b>schnelle</b>');
    expect(host.textContent).toBe('Danke für die schnelle Antwort.');
  });
});

describe('pasteEvent in Firefox', () => {
  afterEach(() => {
    delete (globalThis as { cloneInto?: unknown }).cloneInto;
  });

  it("is built by the page's own ClipboardEvent from dataType/data (Firefox ignores clipboardData), with the plain text added", () => {
    const built: { type: string; init: Record<string, unknown> }[] = [];
    const cloned: unknown[] = [];
    (globalThis as { cloneInto?: unknown }).cloneInto = (value: unknown) => {
      cloned.push(value);
      return value;
    };
    // The page's constructor: Firefox fills the event's data from `dataType` and `data`.
    class PageClipboardEvent extends Event {
      clipboardData: DataTransfer;
      constructor(type: string, init: Record<string, unknown>) {
        super(type, init);
        built.push({ type, init });
        this.clipboardData = new DataTransfer();
        this.clipboardData.setData(init.dataType as string, init.data as string);
      }
    }
    const view = Object.assign(Object.create(window) as object, { wrappedJSObject: { ClipboardEvent: PageClipboardEvent } }) as unknown as Parameters<typeof pasteEvent>[0];
    const event = pasteEvent(view, '<p>Hallo <b>Welt</b></p>', 'Hallo Welt');
    expect(event).toBeInstanceOf(PageClipboardEvent);
    expect(cloned).toHaveLength(1);
    expect(built[0]).toMatchObject({ type: 'paste', init: { dataType: 'text/html', data: '<p>Hallo <b>Welt</b></p>', bubbles: true, cancelable: true } });
    expect(event.clipboardData?.getData('text/html')).toBe('<p>Hallo <b>Welt</b></p>');
    expect(event.clipboardData?.getData('text/plain')).toBe('Hallo Welt');
  });

  it('elsewhere carries both the HTML and the text in clipboardData', () => {
    const event = pasteEvent(window as Window & typeof globalThis, '<p>Hallo</p>', 'Hallo');
    expect(event.type).toBe('paste');
    expect(event.clipboardData?.getData('text/html')).toBe('<p>Hallo</p>');
    expect(event.clipboardData?.getData('text/plain')).toBe('Hallo');
  });
});
