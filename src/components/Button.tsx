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

export function Button({ variant = 'primary', loading = false, icon, wide, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, loading ? 'is-loading' : '', wide ? 'btn-wide' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
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
