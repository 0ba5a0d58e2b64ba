// Labelled select and checkbox controls of the settings forms (text inputs use the shared TextField).
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

export function SelectField({ label, help, children, ...rest }: { label: string; help?: ReactNode; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  return (
    <div className="field">
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
      </div>
      <div className="field-control">
        <select id={id} className="input select" aria-describedby={help ? `${id}-help` : undefined} {...rest}>
          {children}
        </select>
      </div>
      {help && (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      )}
    </div>
  );
}

export function Checkbox({ label, checked, onChange, name, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; name?: string; disabled?: boolean }) {
  return (
    <label className="checkbox settings-checkbox">
      <input type="checkbox" name={name} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
