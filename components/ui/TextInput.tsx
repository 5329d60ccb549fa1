// A one-line text field of the visual system: `invalid` marks it for assistive technology and
// links the inline message (FieldError with `errorId`) that says what is wrong.
import type { PartialInputHTMLAttributes } from 'preact';

type Props = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & {
  type?: 'text' | 'search' | 'password' | 'url' | 'number' | 'email';
  invalid?: boolean;
  /** The id of the FieldError under the field, read out with it. */
  errorId?: string;
};

export function TextInput({ type = 'text', invalid, errorId, ...rest }: Props) {
  const describedBy = [rest['aria-describedby'], invalid && errorId].filter(Boolean).join(' ') || undefined;
  // Preact types inputs as a union per `type`; the other attributes fit every kind listed above.
  return <input type={type as 'text'} class="g-input" {...rest} aria-invalid={invalid ? 'true' : rest['aria-invalid']} aria-describedby={describedBy} />;
}
