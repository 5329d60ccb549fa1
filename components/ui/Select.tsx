// A drop-down of the visual system (a real <select>, so keyboards and screen readers know it);
// `invalid` and `errorId` work as on TextInput.
import type { SelectHTMLAttributes } from 'preact';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  invalid?: boolean;
  errorId?: string;
};

export function Select({ invalid, errorId, ...rest }: Props) {
  const describedBy = [rest['aria-describedby'], invalid && errorId].filter(Boolean).join(' ') || undefined;
  return <select class="g-select" {...rest} aria-invalid={invalid ? 'true' : rest['aria-invalid']} aria-describedby={describedBy} />;
}
