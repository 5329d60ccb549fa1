import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddToGlossaryForm, type TermFixApi } from '../../../components/popover/AddToGlossaryForm';
import type { TermFixSaveResult } from '../../../utils/shared/protocol';

const saved: TermFixSaveResult = { status: 'saved', undoId: 'u1', glossaryId: 'g1', glossaryName: 'Team', sourceLang: 'en', targetLang: 'de', replaced: false };

function fakeApi(overrides: Partial<TermFixApi> = {}): TermFixApi & Record<keyof TermFixApi, ReturnType<typeof vi.fn>> {
  return {
    options: vi.fn(async () => ({ sourceLang: 'en', targetLang: 'de', glossaries: [{ id: 'g1', name: 'Team', entryCount: 3 }], selected: 'g1', newName: 'English → German' })),
    save: vi.fn(async () => saved),
    undo: vi.fn(async () => ({ undone: true })),
    refresh: vi.fn(async () => ({ followed: true, blocks: 2, billedCharacters: 88 })),
    ...overrides,
  } as never;
}

function setup(api = fakeApi(), extra: { original?: string; undoMs?: number } = {}) {
  const onClose = vi.fn();
  render(<AddToGlossaryForm source="lighthouse keeper" target="Leuchtturmhüter" sourceLang="EN" targetLang="DE" api={api} onClose={onClose} {...extra} />);
  return { api, onClose };
}

const ready = () => waitFor(() => expect((screen.getByLabelText('Glossary') as HTMLSelectElement).disabled).toBe(false));

afterEach(cleanup);

describe('AddToGlossaryForm', () => {
  it('prefills the phrases, starts with the offered glossary and saves what the user typed', async () => {
    const { api } = setup();
    expect((screen.getByLabelText('Source phrase') as HTMLInputElement).value).toBe('lighthouse keeper');
    expect(document.activeElement).toBe(screen.getByLabelText('Source phrase'));
    await ready();
    expect((screen.getByLabelText('Glossary') as HTMLSelectElement).value).toBe('g1');
    fireEvent.input(screen.getByLabelText('Target phrase'), { target: { value: 'Leuchtturmwärter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to glossary' }));
    await screen.findByText(/Added to “Team”\./);
    expect(api.save).toHaveBeenCalledWith({ source: 'lighthouse keeper', target: 'Leuchtturmwärter', sourceLang: 'EN', targetLang: 'DE', glossaryId: 'g1' });
    await screen.findByText(/2 blocks translated again, 88 characters billed/);
    expect(api.refresh).toHaveBeenCalledWith({ glossaryId: 'g1', source: 'lighthouse keeper', sourceLang: 'EN', targetLang: 'DE' });
  });

  it('shows a validation failure at its field and keeps what was typed', async () => {
    setup(fakeApi({ save: vi.fn(async () => ({ status: 'invalid', problems: [{ field: 'target', code: 'control-char' }] }) as TermFixSaveResult) }));
    await ready();
    fireEvent.input(screen.getByLabelText('Target phrase'), { target: { value: 'a\tb' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Add to glossary' }).closest('form')!);
    await screen.findByText('This phrase contains a tab, line break or other control character.');
    const target = screen.getByLabelText('Target phrase') as HTMLInputElement;
    expect(target.value).toBe('a\tb');
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(target.getAttribute('aria-describedby')).toBe('glossa-term-target-error');
    expect(screen.getByRole('button', { name: 'Add to glossary' })).toBeTruthy();
  });

  it('shows the current target of an existing source and replaces only when asked', async () => {
    const save = vi.fn(async (data: { replace?: boolean }) => (data.replace ? { ...saved, replaced: true } : { status: 'exists', currentTarget: 'Wärter' }) as TermFixSaveResult);
    setup(fakeApi({ save: save as never }));
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Add to glossary' }));
    await screen.findByText('The glossary already translates “lighthouse keeper” as “Wärter”. Replace it?');
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    await screen.findByText(/Changed in “Team”\./);
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ replace: true }));
  });

  it('offers Undo for a few seconds after saving', async () => {
    const { api } = setup(fakeApi(), { undoMs: 50 });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Add to glossary' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    fireEvent.click(undo);
    await screen.findByText(/Undone\./);
    expect(api.undo).toHaveBeenCalledWith('u1');
    expect(api.refresh).toHaveBeenCalledTimes(2);
  });

  it('withdraws Undo once its time is up', async () => {
    setup(fakeApi(), { undoMs: 20 });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Add to glossary' }));
    await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('creates a glossary named after the pair when the user picks "New glossary…"', async () => {
    const { api } = setup();
    await ready();
    fireEvent.change(screen.getByLabelText('Glossary'), { target: { value: '' } });
    expect((screen.getByLabelText('Name of the new glossary') as HTMLInputElement).value).toBe('English → German');
    fireEvent.click(screen.getByRole('button', { name: 'Add to glossary' }));
    await screen.findByText(/Added to/);
    expect(api.save).toHaveBeenCalledWith(expect.objectContaining({ glossaryId: '', newName: 'English → German' }));
  });

  it('picks the source phrase from the words of the original sentence, by mouse and keyboard', async () => {
    setup(fakeApi(), { original: 'The lighthouse keeper lives alone.' });
    fireEvent.input(screen.getByLabelText('Source phrase'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'lighthouse' }));
    expect((screen.getByLabelText('Source phrase') as HTMLInputElement).value).toBe('lighthouse');
    fireEvent.keyDown(screen.getByRole('button', { name: 'keeper' }), { key: 'Enter' });
    expect((screen.getByLabelText('Source phrase') as HTMLInputElement).value).toBe('lighthouse keeper');
    expect(screen.getByRole('button', { name: 'keeper' }).getAttribute('aria-pressed')).toBe('true');
    // A word inside a longer pick starts a new one.
    fireEvent.click(screen.getByRole('button', { name: 'keeper' }));
    expect((screen.getByLabelText('Source phrase') as HTMLInputElement).value).toBe('keeper');
  });
});
