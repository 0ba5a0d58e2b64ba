// A label as a coloured chip, text dark or white by the colour's luminance.
import { textColorFor } from '../api/labels';
import type { TaskLabel } from '../api/tasks';
import './labelChip.css';

const DEFAULT_LABEL_COLOR = 'e8e8e8';

export function LabelChip({ label, onRemove, removeLabel }: { label: TaskLabel; onRemove?: () => void; removeLabel?: string }) {
  const bg = (label.hexColor || DEFAULT_LABEL_COLOR).replace(/^#/, '');
  return (
    <span className="label-chip" style={{ background: `#${bg}`, color: `#${textColorFor(bg)}` }}>
      {label.title}
      {onRemove && (
        <button type="button" className="label-chip-remove" aria-label={removeLabel} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}
