// A picker behind a button: the button shows the current value, opens the picker in a popover, and gets the focus back.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { Picker, type PickerProps } from './Picker';

export interface PickerFieldProps<T> extends Omit<PickerProps<T>, 'autoFocus' | 'initialQuery'> {
  /** The button's visible content: the current value, or what pressing it does ("Add a label"). */
  buttonContent: ReactNode;
  /** The button's accessible name when its content alone does not say what it is for. */
  buttonLabel?: string;
  disabled?: boolean;
  className?: string;
}

export interface PickerFieldHandle {
  /** Opens the picker with the focus in its input (the detail's letter shortcuts call this). */
  open: () => void;
  close: () => void;
  readonly isOpen: boolean;
}

function PickerFieldInner<T>(props: PickerFieldProps<T>, ref: React.ForwardedRef<PickerFieldHandle>) {
  const { buttonContent, buttonLabel, disabled, className, onClose, ...picker } = props;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wrap = useRef<HTMLDivElement>(null);

  useImperativeHandle(ref, () => ({
    open: () => !disabled && setOpen(true),
    close: () => setOpen(false),
    get isOpen() {
      return open;
    },
  }), [disabled, open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => wrap.current && !wrap.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  return (
    <div
      ref={wrap}
      className={`picker-field${className ? ` ${className}` : ''}`}
      onBlur={(e) => {
        // Tabbing out of the open picker closes it, as leaving a native select does.
        if (open && e.relatedTarget instanceof Node && !wrap.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="btn btn-secondary picker-trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={buttonLabel}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        {buttonContent}
      </button>
      {open && (
        <div className="picker-popover">
          <Picker
            {...picker}
            autoFocus
            onClose={(reason) => {
              setOpen(false);
              trigger.current?.focus();
              onClose?.(reason);
            }}
          />
        </div>
      )}
    </div>
  );
}

export const PickerField = forwardRef(PickerFieldInner) as <T>(props: PickerFieldProps<T> & { ref?: React.Ref<PickerFieldHandle> }) => ReturnType<typeof PickerFieldInner>;
