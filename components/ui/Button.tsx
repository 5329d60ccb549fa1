// A button of one of the visual system's kinds; secondary unless told otherwise.
import type { ButtonHTMLAttributes } from 'preact';

type ButtonKind = 'primary' | 'secondary' | 'danger' | 'quiet';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'size'> & {
  kind?: ButtonKind;
  size?: 'm' | 's';
};

export function Button({ kind = 'secondary', size = 'm', type = 'button', ...rest }: Props) {
  return <button type={type} data-kind={kind === 'secondary' ? undefined : kind} data-size={size === 's' ? 's' : undefined} {...rest} />;
}
