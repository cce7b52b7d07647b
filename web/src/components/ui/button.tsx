import type { ButtonHTMLAttributes, Ref } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  /** Shows a spinner and locks the button: a second click while busy does nothing. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClassName(
  variant: ButtonVariant = 'secondary',
  size: 'normal' | 'small' = 'normal',
  extra?: string,
): string {
  return [
    'button',
    variant !== 'secondary' && `button--${variant}`,
    size === 'small' && 'button--small',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'secondary',
  size = 'normal',
  busy = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
