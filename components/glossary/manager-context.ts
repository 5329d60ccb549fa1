// What every part of the glossary manager shares: asking the user (a modal dialog), telling
// the user (a toast), and reloading the list after a change.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ToastAction } from '../ui/Toast';

interface DialogAction {
  id: string;
  label: string;
  /** Styled as dangerous; never the initially focused button. */
  destructive?: boolean;
}

export interface DialogRequest {
  title: string;
  /** Paragraphs of the dialog's text. */
  body: string[];
  actions: DialogAction[];
  /** Label of the button that dismisses without acting (Escape does the same). */
  cancelLabel?: string;
}

/** Told in a toast; an info toast may offer one action (Undo). */
export type Notice = { kind: 'info' | 'error'; text: string; action?: ToastAction };

export interface ManagerContextValue {
  /** Opens a modal dialog; resolves with the chosen action's id, or 'cancel'. */
  ask(request: DialogRequest): Promise<string>;
  notify(notice: Notice): void;
  /** Reloads the glossary list (after every change). */
  refresh(): Promise<void>;
}

export const ManagerContext = createContext<ManagerContextValue | null>(null);

export function useManager(): ManagerContextValue {
  const value = useContext(ManagerContext);
  if (!value) throw new Error('Glossary components must be inside <GlossaryManager>');
  return value;
}

/** Shorthand for a yes/no confirmation of one destructive action. */
export async function confirmAction(ask: ManagerContextValue['ask'], title: string, body: string[], confirmLabel: string): Promise<boolean> {
  return (await ask({ title, body, actions: [{ id: 'confirm', label: confirmLabel, destructive: true }] })) === 'confirm';
}
