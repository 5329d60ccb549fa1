// Toasts are announced politely (errors at once), leave by themselves unless hovered or
// focused, and run their action (Undo) once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { ToastProvider, useToast, type ToastRequest } from '../../../components/ui/Toast';

let show: (toast: ToastRequest) => void = () => {};

function Grab() {
  show = useToast().show;
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(<ToastProvider><Grab /></ToastProvider>);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const polite = () => document.querySelector('[role="status"][aria-live="polite"]')!;

describe('Toast', () => {
  it('appears in the polite live region, which is there before it', () => {
    expect(polite().textContent).toBe('');
    act(() => show({ text: 'Settings saved.' }));
    expect(polite().textContent).toContain('Settings saved.');
  });

  it('leaves by itself after a while, and Dismiss removes it at once', () => {
    act(() => show({ text: 'Settings saved.' }));
    act(() => { vi.advanceTimersByTime(5000); });
    expect(screen.queryByText('Settings saved.')).not.toBeNull();
    act(() => { vi.advanceTimersByTime(1500); });
    expect(screen.queryByText('Settings saved.')).toBeNull();

    act(() => show({ text: 'Default glossary saved.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Default glossary saved.')).toBeNull();
  });

  it('stays while the pointer or the keyboard is on it, and counts on afterwards', () => {
    act(() => show({ text: '3 entries deleted.', action: { label: 'Undo', run: () => {} } }));
    const toast = screen.getByText('3 entries deleted.').closest('.g-toast')!;
    act(() => { vi.advanceTimersByTime(4000); });
    fireEvent.mouseEnter(toast);
    act(() => { vi.advanceTimersByTime(60_000); });
    expect(screen.queryByText('3 entries deleted.')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    act(() => { vi.advanceTimersByTime(3000); });
    expect(screen.queryByText('3 entries deleted.')).not.toBeNull();

    fireEvent.focusIn(screen.getByRole('button', { name: 'Undo' }));
    act(() => { vi.advanceTimersByTime(60_000); });
    expect(screen.queryByText('3 entries deleted.')).not.toBeNull();
    fireEvent.focusOut(screen.getByRole('button', { name: 'Undo' }), { relatedTarget: document.body });
    act(() => { vi.advanceTimersByTime(3500); });
    expect(screen.queryByText('3 entries deleted.')).toBeNull();
  });

  it('runs its action once and goes away', () => {
    const undo = vi.fn();
    act(() => show({ text: '2 entries deleted.', action: { label: 'Undo', run: undo } }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('announces an error at once and keeps it until dismissed; a newer toast replaces an older one', () => {
    act(() => show({ kind: 'error', text: 'Could not delete: HTTP 500' }));
    expect(screen.getByRole('alert').textContent).toContain('Could not delete: HTTP 500');
    act(() => { vi.advanceTimersByTime(120_000); });
    expect(screen.queryByText('Could not delete: HTTP 500')).not.toBeNull();
    act(() => show({ text: 'Settings saved.' }));
    expect(screen.queryByText('Could not delete: HTTP 500')).toBeNull();
    expect(polite().textContent).toContain('Settings saved.');
  });
});
