// A checkbox of the visual system, drawn in the accent colour; wrap it in a <label> with its text.
import type { PartialInputHTMLAttributes } from 'preact';

type Props = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>;

export function Checkbox(props: Props) {
  return <input type="checkbox" class="g-checkbox" {...props} />;
}
