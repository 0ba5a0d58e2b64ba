// Colour choice: preset swatches, a free colour input and "no colour"; values are hex without '#'.
import { useId } from 'react';
import { useT } from '../i18n';
import { DEFAULT_TASK_COLOR } from '../model/tasks';
import './organising.css';

const PRESETS = ['1973ff', '7f23ff', 'ff4136', 'ff851b', 'ffeb10', '00db60', '00c4b4', 'e8e8e8', '4a4a4a'];

export function ColorPicker({
  value,
  onChange,
  label,
  allowEmpty = true,
}: {
  value: string;
  onChange: (hex: string) => void;
  label: string;
  allowEmpty?: boolean;
}) {
  const t = useT();
  const id = useId();
  const current = value.replace(/^#/, '').toLowerCase();
  return (
    <fieldset className="color-picker">
      <legend className="field-label">{label}</legend>
      <div className="color-picker-row">
        {PRESETS.map((hex) => (
          <button
            key={hex}
            type="button"
            className={`color-swatch${current === hex ? ' is-selected' : ''}`}
            style={{ background: `#${hex}` }}
            aria-pressed={current === hex}
            aria-label={t('organising.color.preset', { color: `#${hex}` })}
            onClick={() => onChange(hex)}
          />
        ))}
        <label className={`color-custom color-input${/^[0-9a-f]{6}$/.test(current) ? '' : ' is-unset'}`} htmlFor={id}>
          <span className="sr-only">{t('organising.color.custom')}</span>
          <input
            id={id}
            type="color"
            value={`#${/^[0-9a-f]{6}$/.test(current) ? current : DEFAULT_TASK_COLOR}`}
            onChange={(e) => onChange(e.target.value.replace(/^#/, ''))}
          />
        </label>
        {allowEmpty && (
          <button type="button" className="link-button" onClick={() => onChange('')} disabled={current === ''}>
            {t('organising.color.reset')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
