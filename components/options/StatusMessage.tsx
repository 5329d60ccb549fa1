// A message in a live region: errors interrupt (role alert), everything else waits its turn.
type StatusKind = 'info' | 'ok' | 'warn' | 'error';

export interface Status {
  kind: StatusKind;
  text: string;
}

interface Props {
  status: Status | null;
  id?: string;
}

export function StatusMessage({ status, id }: Props) {
  // The live region stays in the document so screen readers notice when text appears in it.
  return (
    <p id={id} class={`status status-${status?.kind ?? 'info'}`} role={status?.kind === 'error' ? 'alert' : 'status'} aria-live={status?.kind === 'error' ? 'assertive' : 'polite'}>
      {status?.text ?? ''}
    </p>
  );
}
