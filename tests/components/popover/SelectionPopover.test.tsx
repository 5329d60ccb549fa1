import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectionPopover, type PopoverStatus, type SelectionPopoverProps } from '../../../components/popover/SelectionPopover';
import { FALLBACK_TARGET_LANGUAGES } from '../../../utils/shared/languages';
import { describeError } from '../../../utils/content/selection/error-text';
import { sanitizeTranslation } from '../../../utils/content/selection/sanitize';
import { ORIGINAL_INLINE } from '../../content/selection/hostile-payloads';

const done: PopoverStatus = {
  state: 'done',
  translation: sanitizeTranslation('Lies <a id="1">die Doku</a> und <b id="2">dies</b>.', ORIGINAL_INLINE),
  detectedSourceLang: 'EN',
  billedCharacters: 23,
};

function setup(overrides: Partial<SelectionPopoverProps> = {}) {
  const props: SelectionPopoverProps = {
    status: done,
    targetLang: 'DE',
    targets: FALLBACK_TARGET_LANGUAGES,
    canReplace: false,
    onTargetChange: vi.fn(),
    onCopy: vi.fn(async () => true),
    onReplace: vi.fn(() => 'replaced' as const),
    onClose: vi.fn(),
    onOpenOptions: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
  render(<SelectionPopover {...props} />);
  return props;
}

afterEach(cleanup);

describe('SelectionPopover', () => {
  it('shows the translation with its link and formatting, the source language and the billed characters', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Glossa translation' });
    expect(dialog.textContent).toContain('Lies die Doku und dies.');
    const link = screen.getByRole('link', { name: 'die Doku' });
    expect(link.getAttribute('href')).toBe('https://docs.example/guide');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dialog.querySelector('.translation b')?.textContent).toBe('dies');
    expect(screen.getByTestId('source-language').textContent).toBe('From English');
    expect(dialog.textContent).toContain('23 characters billed');
    expect((screen.getByLabelText('Target language') as HTMLSelectElement).value).toBe('DE');
  });

  it('says when a translation cost nothing because it was translated before', () => {
    setup({ status: { ...done, billedCharacters: 0 } as PopoverStatus });
    expect(screen.getByRole('dialog').textContent).toContain('Nothing billed (translated before)');
  });

  it('moves focus into the dialog when it opens', () => {
    setup();
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });

  it('translates again when another target language is picked', () => {
    const props = setup();
    fireEvent.change(screen.getByLabelText('Target language'), { target: { value: 'FR' } });
    expect(props.onTargetChange).toHaveBeenCalledWith('FR');
  });

  it('says it is translating while loading, with no Copy or Replace yet', () => {
    setup({ status: { state: 'loading' }, canReplace: true });
    expect(screen.getByText('Translating…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull();
  });

  it('disables the target picker until the default target is known', () => {
    setup({ status: { state: 'loading' }, targetLang: '' });
    expect((screen.getByLabelText('Target language') as HTMLSelectElement).disabled).toBe(true);
  });

  it('copies the translation text and says so', async () => {
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(props.onCopy).toHaveBeenCalledWith('Lies die Doku und dies.');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard.'));
  });

  it('tells the user when the clipboard refused', async () => {
    setup({ onCopy: vi.fn(async () => false) });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('did not allow copying'));
  });

  it('offers Replace only for editable selections and reports a changed field', async () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull();
    cleanup();
    const props = setup({ canReplace: true, onReplace: vi.fn(() => 'changed' as const) });
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(props.onReplace).toHaveBeenCalledWith('Lies die Doku und dies.');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('nothing was replaced'));
  });

  it('closes with the Close button and with Escape', () => {
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    setup({ canReplace: true });
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    const replace = screen.getByRole('button', { name: 'Replace' });
    replace.focus();
    fireEvent.keyDown(replace, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(replace);
    dialog.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('Add to glossary opens the form frame with only what the popover shows, and heeds only that frame', async () => {
    const origin = 'chrome-extension://glossa-test';
    const opener = { origin, open: vi.fn(async () => ({ url: `${origin}/term-form.html#3b0c1f5e-2a44-4c1e-9d3e-7a1b2c3d4e5f` })) };
    setup({ termFix: { sourceText: ' the\n docs ', opener } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to glossary' }));
    const frame = await waitFor(() => screen.getByTitle('Glossa: add to glossary') as HTMLIFrameElement);
    expect(opener.open).toHaveBeenCalledWith({ kind: 'add', source: 'the docs', target: 'Lies die Doku und dies.', sourceLang: 'EN', targetLang: 'DE' });
    expect(frame.getAttribute('src')).toBe(`${origin}/term-form.html#3b0c1f5e-2a44-4c1e-9d3e-7a1b2c3d4e5f`);
    // No glossary data in the page's document: the form's fields are the frame's.
    expect(document.getElementById('glossa-term-source')).toBeNull();

    // happy-dom loads no frames: the frame's window is a stand-in object.
    const frameWindow = {} as Window;
    Object.defineProperty(frame, 'contentWindow', { value: frameWindow });
    const view = frame.ownerDocument.defaultView!;
    const post = (data: unknown, from: { origin: string; source: unknown }) =>
      view.dispatchEvent(new view.MessageEvent('message', { data, origin: from.origin, source: from.source as Window }));
    post({ glossaTermForm: 'size', height: 212 }, { origin, source: frameWindow });
    await waitFor(() => expect(frame.style.height).toBe('212px'));
    // The page (another origin, or the page's own window) cannot close or resize it.
    post({ glossaTermForm: 'close' }, { origin: 'https://news.example', source: frameWindow });
    post({ glossaTermForm: 'close' }, { origin, source: view });
    post({ glossaTermForm: 'size', height: 9 }, { origin, source: view });
    expect(screen.getByTitle('Glossa: add to glossary')).toBe(frame);
    expect(frame.style.height).toBe('212px');
    post({ glossaTermForm: 'close' }, { origin, source: frameWindow });
    await waitFor(() => expect(screen.queryByTitle('Glossa: add to glossary')).toBeNull());
    expect(screen.getByRole('button', { name: 'Add to glossary' })).toBeTruthy();
  });

  it('names the way out of each error', () => {
    const props = setup({ status: { state: 'error', error: describeError('no-key') } });
    expect(screen.getByRole('alert').textContent).toContain('needs an API key');
    fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(props.onOpenOptions).toHaveBeenCalled();
    cleanup();
    const again = setup({ status: { state: 'error', error: describeError('network') } });
    expect(screen.getByRole('alert').textContent).toContain('cannot reach the translation server');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(again.onRetry).toHaveBeenCalled();
    cleanup();
    setup({ status: { state: 'error', error: describeError('quota') } });
    expect(screen.getByRole('alert').textContent).toContain('quota is used up');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
