// Button with the primary / secondary / tertiary / destructive variants and a loading state.
import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** `destructive`: an action that deletes for good, drawn in the danger colour so it does not pass for Cancel. */
export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'destructive';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  loading?: boolean;
  icon?: ReactNode;
  wide?: boolean;
}

export function Button({ variant = 'primary', loading = false, icon, wide, className, children, disabled, type = 'button', onClick, ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, loading ? 'is-loading' : '', wide ? 'btn-wide' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    // While loading the button stays enabled, only refusing presses: a disabled button loses the focus, which fell to
    // the page body after every Save pressed from the keyboard.
    <button
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(e) => {
        if (loading) e.preventDefault();
        else onClick?.(e);
      }}
      {...rest}
    >
      {loading && <span className="btn-spinner" aria-hidden="true" />}
      {icon && (
        <span className="btn-icon" aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </button>
  );
}
