// A validation message that is evaluated on focus-out after the 100 ms field debounce (spec §5).
import { useCallback, useEffect, useRef, useState } from 'react';
import { FIELD_VALIDATION_DEBOUNCE_MS } from '../../constants';

/**
 * `check()` returns the message for the current value or null. `onBlur` schedules it after the debounce;
 * `validateNow` runs it at once (submit). The message stays hidden until the field was checked once,
 * and from then on follows `value`, so fixing the input clears it.
 */
export function useFieldCheck(check: () => string | null, value: unknown) {
  const [message, setMessage] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(check);
  latest.current = check;

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const validateNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    const result = latest.current();
    setChecked(true);
    setMessage(result);
    return result === null;
  }, []);

  const onBlur = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      validateNow();
    }, FIELD_VALIDATION_DEBOUNCE_MS);
  }, [validateNow]);

  useEffect(() => {
    if (checked) setMessage(latest.current());
    // Only a change of the value re-runs the check; `checked` turning true has just run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  return { message: checked ? message : null, onBlur, validateNow };
}
