// An on/off setting drawn as a switch. It stays a checkbox (so "checked" and its label mean the
// same to screen readers and tests); Space and Enter both flip it, as users expect of a switch.
import type { PartialInputHTMLAttributes } from 'preact';

type Props = Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>;

export function Switch({ onKeyDown, ...rest }: Props) {
  return (
    <input
      type="checkbox"
      class="g-switch"
      {...rest}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || (event.key !== 'Enter' && event.key !== ' ')) return;
        // One flip per press: the browser's own Space handling is replaced by this click.
        event.preventDefault();
        event.currentTarget.click();
      }}
    />
  );
}
