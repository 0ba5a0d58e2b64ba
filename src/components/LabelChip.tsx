// A label as a coloured chip, text dark or white by the colour's luminance; uncoloured labels follow the theme.
import { DEFAULT_LABEL_COLOR, textColorFor } from '../styles/labelColors';
import type { TaskLabel } from '../api/tasks';
import './labelChip.css';

export function LabelChip({ label, onRemove, removeLabel }: { label: TaskLabel; onRemove?: () => void; removeLabel?: string }) {
  const bg = (label.hexColor || DEFAULT_LABEL_COLOR).replace(/^#/, '').toLowerCase();
  // A label without a colour of its own takes the theme's chip colours: the fixed light grey glared in dark mode.
  const plain = bg === DEFAULT_LABEL_COLOR;
  return (
    <span className={plain ? 'label-chip is-plain' : 'label-chip'} style={plain ? undefined : { background: `#${bg}`, color: `#${textColorFor(bg)}` }}>
      {label.title}
      {onRemove && (
        <button type="button" className="label-chip-remove" aria-label={removeLabel} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}
