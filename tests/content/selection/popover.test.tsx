import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/preact';
import { ApiError } from '../../../utils/shared/api-errors';
import { FALLBACK_TARGET_LANGUAGES } from '../../../utils/shared/languages';
import type { SelectionRequest, SelectionTranslation } from '../../../utils/shared/protocol';
import { captureSelection, type CapturedSelection } from '../../../utils/content/selection/capture';
import { currentPopover, openSelectionPopover, POPOVER_HOST_TAG, type PopoverDeps } from '../../../utils/content/selection/popover';
import { HOSTILE_PAYLOADS, ORIGINAL_HREFS } from './hostile-payloads';

type Translate = (request: SelectionRequest) => Promise<SelectionTranslation>;

function deps(translate: Translate, extra: Partial<PopoverDeps> = {}): PopoverDeps {
  return {
    translate: vi.fn(translate),
    openOptions: vi.fn(async () => undefined),
    writeClipboard: vi.fn(async () => true),
    targets: FALLBACK_TARGET_LANGUAGES,
    ...extra,
  };
}

function answer(translation: string, targetLang = 'DE', format: 'html' | 'text' = 'html'): SelectionTranslation {
  return { translation, format, detectedSourceLang: 'EN', targetLang, billedCharacters: 12 };
}

/** The page's own selection: "Read the docs and this now." with a link and bold text. */
function selectArticle(): CapturedSelection {
  document.body.innerHTML = '<main><p id="p">Read <a href="https://docs.example/guide">the docs</a> and <b>this</b> now.</p><button id="before">before</button></main>';
  const p = document.getElementById('p')!;
  const range = document.createRange();
  range.selectNodeContents(p);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
  return captureSelection(window)!;
}

/** The popover's closed root, through the test hook (the page itself cannot reach it). */
function shadowOf(): ShadowRoot {
  const host = document.querySelector(POPOVER_HOST_TAG) as HTMLElement;
  expect(host).toBeTruthy();
  const root = currentPopover()!.shadow;
  expect(root.host).toBe(host);
  return root;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  currentPopover()?.close(false);
  document.body.innerHTML = '';
  delete (window as { __glossaPwned?: unknown }).__glossaPwned;
});
afterEach(() => currentPopover()?.close(false));

describe('openSelectionPopover', () => {
  it('sends the selection HTML with the paragraph as context and shows the translation in a shadow root', async () => {
    const captured = selectArticle();
    const d = deps(async () => answer('Lies <a id="1">die Doku</a> und <b id="2">dies</b> jetzt.'));
    const popover = openSelectionPopover(captured, d);
    const request = vi.mocked(d.translate).mock.calls[0][0];
    expect(request.html).toBe('Read <a id="1">the docs</a> and <b id="2">this</b> now.');
    // The whole paragraph is selected: as context it would add nothing.
    expect(request.context).toBeUndefined();
    expect(shadowOf().textContent).toContain('Translating…');
    await popover.settled();
    const shadow = shadowOf();
    expect(shadow.querySelector('.translation')!.innerHTML).toBe('Lies <a href="https://docs.example/guide" target="_blank" rel="noopener noreferrer">die Doku</a> und <b>dies</b> jetzt.');
    expect(shadow.querySelector('[data-testid="source-language"]')!.textContent).toBe('From English');
    expect((shadow.querySelector('select') as HTMLSelectElement).value).toBe('DE');
    // The page itself is untouched apart from Glossa's host element.
    expect(document.getElementById('p')!.outerHTML).toBe('<p id="p">Read <a href="https://docs.example/guide">the docs</a> and <b>this</b> now.</p>');
  });

  it('pins its host box with !important styles page CSS cannot override', () => {
    const popover = openSelectionPopover(selectArticle(), deps(async () => answer('x')));
    for (const property of ['display', 'position', 'z-index', 'visibility']) {
      expect(popover.host.style.getPropertyPriority(property)).toBe('important');
    }
    expect(popover.host.style.getPropertyValue('display')).toBe('block');
  });

  it('translates again for another target and bills nothing when switching back', async () => {
    const captured = selectArticle();
    const d = deps(async (request) => answer(`[${request.targetLang ?? 'DE'}] ok`, request.targetLang ?? 'DE'));
    const popover = openSelectionPopover(captured, d);
    await popover.settled();
    const select = () => shadowOf().querySelector('select') as HTMLSelectElement;
    fireEvent.change(select(), { target: { value: 'FR' } });
    await popover.settled();
    expect(shadowOf().querySelector('.translation')!.textContent).toBe('[FR] ok');
    fireEvent.change(select(), { target: { value: 'DE' } });
    await popover.settled();
    expect(shadowOf().querySelector('.translation')!.textContent).toBe('[DE] ok');
    expect(d.translate).toHaveBeenCalledTimes(2);
    expect(vi.mocked(d.translate).mock.calls[1][0].targetLang).toBe('FR');
  });

  it('shows errors by code and retries on request', async () => {
    const captured = selectArticle();
    let calls = 0;
    const d = deps(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('down'), { code: 'network' });
      return answer('Wieder da');
    });
    const popover = openSelectionPopover(captured, d);
    await popover.settled();
    expect(shadowOf().querySelector('[role="alert"]')!.textContent).toContain('cannot reach the translation server');
    const retry = Array.from(shadowOf().querySelectorAll('button')).find((b) => b.textContent === 'Try again')!;
    fireEvent.click(retry);
    await popover.settled();
    expect(shadowOf().querySelector('.translation')!.textContent).toBe('Wieder da');
  });

  it('sends a missing key to the options page and closes', async () => {
    const d = deps(async () => {
      throw new ApiError('auth', 'No API key is set.', { detail: 'empty-key' });
    });
    const popover = openSelectionPopover(selectArticle(), d);
    await popover.settled();
    const open = Array.from(shadowOf().querySelectorAll('button')).find((b) => b.textContent === 'Open options')!;
    fireEvent.click(open);
    expect(d.openOptions).toHaveBeenCalled();
    expect(popover.closed).toBe(true);
  });

  it('sends nothing for a selection over the size limit', async () => {
    const captured = { ...selectArticle(), tooLong: true };
    const d = deps(async () => answer('x'));
    const popover = openSelectionPopover(captured, d);
    await popover.settled();
    expect(d.translate).not.toHaveBeenCalled();
    expect(shadowOf().querySelector('[role="alert"]')!.textContent).toContain('too long');
  });

  it('closes on Escape and gives focus back', async () => {
    const captured = selectArticle();
    const before = document.getElementById('before') as HTMLButtonElement;
    before.focus();
    const popover = openSelectionPopover(captured, deps(async () => answer('x')));
    await popover.settled();
    const dialog = shadowOf().querySelector('[role="dialog"]') as HTMLElement;
    expect(shadowOf().activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(popover.closed).toBe(true);
    expect(document.querySelector(POPOVER_HOST_TAG)).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('leaves focus where the user put it when the close comes after they moved on', async () => {
    // Nothing was focused when the popover opened; the close comes late, as the form frame's
    // does by message, after the user has clicked into a field of the page.
    const captured = selectArticle();
    document.body.insertAdjacentHTML('beforeend', '<textarea id="reply"></textarea>');
    const popover = openSelectionPopover(captured, deps(async () => answer('x')));
    await popover.settled();
    const reply = document.getElementById('reply') as HTMLTextAreaElement;
    reply.focus();
    popover.close();
    expect(popover.closed).toBe(true);
    expect(document.activeElement).toBe(reply);
  });

  it('closes when the user clicks elsewhere in the page, but not inside itself', async () => {
    const popover = openSelectionPopover(selectArticle(), deps(async () => answer('x')));
    await popover.settled();
    fireEvent.pointerDown(shadowOf().querySelector('.translation')!);
    expect(popover.closed).toBe(false);
    fireEvent.pointerDown(document.getElementById('p')!);
    expect(popover.closed).toBe(true);
  });

  it('closes on Escape pressed in the page, leaving the key to the page as well', async () => {
    const popover = openSelectionPopover(selectArticle(), deps(async () => answer('x')));
    await popover.settled();
    const seen: string[] = [];
    document.addEventListener('keydown', (e) => seen.push(e.key), { once: true });
    fireEvent.keyDown(document.getElementById('before')!, { key: 'Escape' });
    expect(popover.closed).toBe(true);
    expect(seen).toEqual(['Escape']);
  });

  it('keeps one popover at a time', async () => {
    const first = openSelectionPopover(selectArticle(), deps(async () => answer('x')));
    const second = openSelectionPopover(selectArticle(), deps(async () => answer('y')));
    expect(first.closed).toBe(true);
    expect(second.closed).toBe(false);
    expect(document.querySelectorAll(POPOVER_HOST_TAG)).toHaveLength(1);
  });

  it('replaces the selection in a textarea with the plain-text translation', async () => {
    document.body.innerHTML = '<textarea id="t">Please translate this sentence.</textarea>';
    const area = document.getElementById('t') as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(7, 30);
    const captured = captureSelection(window)!;
    const d = deps(async () => answer('diesen Satz übersetzen', 'DE', 'text'));
    const popover = openSelectionPopover(captured, d);
    expect(d.translate).toHaveBeenCalledWith(expect.objectContaining({ text: 'translate this sentence', context: 'Please translate this sentence.' }));
    await popover.settled();
    const replace = Array.from(shadowOf().querySelectorAll('button')).find((b) => b.textContent === 'Replace')!;
    fireEvent.click(replace);
    expect(area.value).toBe('Please diesen Satz übersetzen.');
    expect(popover.closed).toBe(true);
    expect(document.activeElement).toBe(area);
  });

  it('copies the plain text of the translation', async () => {
    const d = deps(async () => answer('Zeile <b id="2">eins</b><br>zwei'));
    const popover = openSelectionPopover(selectArticle(), d);
    await popover.settled();
    const copy = Array.from(shadowOf().querySelectorAll('button')).find((b) => b.textContent === 'Copy')!;
    fireEvent.click(copy);
    expect(d.writeClipboard).toHaveBeenCalledWith('Zeile eins\nzwei', shadowOf());
  });

  it('says when it left out markup from the answer, and not otherwise', async () => {
    const clean = openSelectionPopover(selectArticle(), deps(async () => answer('Lies <b id="2">dies</b>.')));
    await clean.settled();
    expect(shadowOf().querySelector('.sanitized')).toBeNull();
    const dirty = openSelectionPopover(selectArticle(), deps(async () => answer('Lies <script>x()</script><b id="2" onclick="x()">dies</b>.')));
    await dirty.settled();
    expect(shadowOf().querySelector('.sanitized')!.textContent).toContain('left out markup');
    expect(shadowOf().querySelector('.translation')!.textContent).toBe('Lies dies.');
  });

  describe(`hostile translations (${HOSTILE_PAYLOADS.length} payloads)`, () => {
    const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = { a: ['href', 'target', 'rel'], span: ['class'] };
    for (const payload of HOSTILE_PAYLOADS) {
      it(`renders safely: ${payload.name}`, async () => {
        const captured = selectArticle();
        const pageBefore = document.body.innerHTML;
        const popover = openSelectionPopover(captured, deps(async () => answer(payload.html)));
        await popover.settled();
        await flush();
        expect((window as { __glossaPwned?: unknown }).__glossaPwned).toBeUndefined();
        const translation = shadowOf().querySelector('.translation');
        if (!translation) {
          // Nothing readable was left: the popover says the answer cannot be read.
          expect(payload.visible).toBeUndefined();
          expect(shadowOf().querySelector('[role="alert"]')!.textContent).toContain('cannot read');
          return;
        }
        for (const el of Array.from(translation.querySelectorAll('*'))) {
          expect(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'mark', 'small', 'br', 'span']).toContain(el.localName);
          for (const attr of Array.from(el.attributes)) expect(ALLOWED_ATTRIBUTES[el.localName] ?? []).toContain(attr.name);
          if (el.localName === 'a') expect(ORIGINAL_HREFS.has(el.getAttribute('href')!)).toBe(true);
          if (el.localName === 'span') expect(el.getAttribute('class')).toBe('link');
        }
        if (payload.visible) expect(translation.textContent).toContain(payload.visible);
        // Nothing from the response reached the page: the body is as it was, Glossa's host aside.
        const host = document.querySelector(POPOVER_HOST_TAG)!;
        expect(host.parentElement).toBe(document.documentElement);
        expect(document.body.innerHTML).toBe(pageBefore);
        expect(document.head.querySelectorAll('meta, base, link, style, script')).toHaveLength(0);
        // Glossa's own elements in the shadow root are unchanged in number.
        expect(shadowOf().querySelectorAll('[role="dialog"]')).toHaveLength(1);
        expect(shadowOf().querySelectorAll('#glossa-popover-title')).toHaveLength(1);
      });
    }
  });
});
