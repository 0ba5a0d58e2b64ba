// A labelled text input with an optional error announced and linked through aria-describedby.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  help?: ReactNode;
  /** Extra content beside the label (e.g. a "forgot password" link). */
  labelAside?: ReactNode;
  trailing?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, help, labelAside, trailing, className, ...rest },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'has-error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="field-control">
        <input ref={ref} id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
        {trailing}
      </div>
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
      <p id={errorId} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
});
