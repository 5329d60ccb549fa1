// The writing panel when the editor did not take the translation: it says so, keeps the
// translation to copy, and never claims a replacement.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WritingPanel, type WritingPanelProps, type WritingStatus } from '../../../components/popover/WritingPanel';
import { FALLBACK_TARGET_LANGUAGES } from '../../../utils/shared/languages';

function setup(status: WritingStatus) {
  const props: WritingPanelProps = {
    status,
    choices: { targetLang: 'DE', formality: 'default', glossaryId: '', glossaries: [] },
    targets: FALLBACK_TARGET_LANGUAGES,
    onTargetChange: vi.fn(),
    onFormalityChange: vi.fn(),
    onGlossaryChange: vi.fn(),
    onReplace: vi.fn(),
    onUndo: vi.fn(),
    onCopy: vi.fn(async () => true),
    onClose: vi.fn(),
    onOpenOptions: vi.fn(),
    onRetry: vi.fn(),
  };
  render(<WritingPanel {...props} />);
  return props;
}

describe('WritingPanel', () => {
  afterEach(cleanup);

  it('after a Replace the editor did not take: says the draft is as it was, offers Copy, and does not say Replaced', () => {
    const props = setup({ state: 'done', preview: 'Danke für den Vertrag.', detectedSourceLang: 'EN', billedCharacters: 22, unwritten: true });
    expect(screen.getByRole('alert').textContent).toContain('did not take the translation');
    expect(screen.getByText('Danke für den Vertrag.')).toBeTruthy();
    expect(screen.queryByText(/Replaced/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(props.onCopy).toHaveBeenCalledWith('Danke für den Vertrag.');
  });

  it('shows no such message for a translation not yet written', () => {
    setup({ state: 'done', preview: 'Danke.', detectedSourceLang: 'EN', billedCharacters: 6 });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
