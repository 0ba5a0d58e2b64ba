// A loading indicator that only appears after 100 ms, so fast loads never flash a spinner.
import { useEffect, useState } from 'react';
import { LOADING_INDICATOR_DELAY_MS } from '../constants';
import { useT } from '../i18n';

export function useDelayedFlag(active: boolean, delay = LOADING_INDICATOR_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

export function Loading({ label }: { label?: string }) {
  const t = useT();
  const shown = useDelayedFlag(true);
  if (!shown) return null;
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-label">{label ?? t('misc.loading')}</span>
    </div>
  );
}
