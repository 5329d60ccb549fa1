// A radio button of the visual system, drawn in the accent colour; wrap it in a <label>.
import type { PartialInputHTMLAttributes } from 'preact';

type Props = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>;

export function Radio(props: Props) {
  return <input type="radio" class="g-radio" {...props} />;
}
