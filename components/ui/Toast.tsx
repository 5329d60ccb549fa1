// Short confirmations ("Settings saved.", "3 entries deleted. Undo") in one place at the bottom
// of the page. A polite live region announces them; they leave by themselves after a while,
// but not while the pointer or the keyboard is on them; errors stay until dismissed.
import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/shared/i18n';
import { Button } from './Button';

export interface ToastAction {
  label: string;
  run(): void;
}

export interface ToastRequest {
  text: string;
  kind?: 'info' | 'error';
  action?: ToastAction;
  /** Milliseconds on screen; errors stay until dismissed. */
  duration?: number;
}

interface Toaster {
  show(toast: ToastRequest): void;
  dismiss(): void;
}

const DEFAULT_DURATION = 6000;
/** Long enough to read the text and reach the action. */
const ACTION_DURATION = 10000;

const ToastContext = createContext<Toaster | null>(null);

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a <ToastProvider> around it');
  return toaster;
}

interface Shown extends ToastRequest {
  serial: number;
}

/** Keeps the newest toast; `remaining` pauses while the toast is hovered or focused. */
function useToastTimer(toast: Shown | null, dismiss: () => void) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(0);
  const hovered = useRef(false);
  const focused = useRef(false);
  useEffect(() => {
    hovered.current = false;
    focused.current = false;
    setPaused(false);
    if (toast && toast.kind !== 'error') remaining.current = toast.duration ?? (toast.action ? ACTION_DURATION : DEFAULT_DURATION);
  }, [toast?.serial]);
  useEffect(() => {
    if (!toast || toast.kind === 'error' || paused) return undefined;
    const started = Date.now();
    const timer = setTimeout(dismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [toast?.serial, paused]);
  return {
    hover(on: boolean) {
      hovered.current = on;
      setPaused(hovered.current || focused.current);
    },
    focus(on: boolean) {
      focused.current = on;
      setPaused(hovered.current || focused.current);
    },
  };
}

/** The toast state of one surface: `toaster` to show toasts, `region` to place in the page. */
export function useToaster(): { toaster: Toaster; region: ComponentChildren } {
  const [toast, setToast] = useState<Shown | null>(null);
  const serial = useRef(0);
  const dismiss = useCallback(() => setToast(null), []);
  const toaster = useMemo<Toaster>(() => ({
    show: (request) => setToast({ ...request, serial: ++serial.current }),
    dismiss,
  }), [dismiss]);
  const pause = useToastTimer(toast, dismiss);

  const view = (kind: 'info' | 'error') => toast && (toast.kind ?? 'info') === kind && (
    <div
      class="g-toast"
      data-kind={kind}
      onMouseEnter={() => pause.hover(true)}
      onMouseLeave={() => pause.hover(false)}
      onFocusIn={() => pause.focus(true)}
      onFocusOut={(event) => pause.focus(event.currentTarget.contains(event.relatedTarget as Node | null))}
    >
      <span class="g-toast-text">{toast.text}</span>
      {toast.action && (
        <Button kind="quiet" size="s" onClick={() => { toast.action!.run(); dismiss(); }}>{toast.action.label}</Button>
      )}
      <Button kind="quiet" size="s" class="g-toast-close" aria-label={t('uiDismiss')} title={t('uiDismiss')} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </Button>
    </div>
  );

  // Both live regions stay in the document, so screen readers notice when a toast appears.
  const region = (
    <>
      <div class="g-toast-region" role="status" aria-live="polite">{view('info')}</div>
      <div class="g-toast-region" role="alert" aria-live="assertive">{view('error')}</div>
    </>
  );
  return { toaster, region };
}

/** Toasts for everything inside it, announced from the end of it. */
export function ToastProvider({ children }: { children: ComponentChildren }) {
  const { toaster, region } = useToaster();
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {region}
    </ToastContext.Provider>
  );
}

export { ToastContext };
