// The API address setting: on the sign-in screens the host in use and a change button; on the error screen the
// form at once. The form's code loads when it is first shown, so it does not weigh on the first page.
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n';
import { apiBase } from '../api/client';
import { hostOf } from './apiHost';

const loadFields = () => import('./ApiUrlFields');
const ApiUrlFields = lazy(loadFields);

export interface ApiUrlFormProps {
  /** Start collapsed, showing only the host and a change button (the sign-in screens). */
  collapsible?: boolean;
  /** Called after a working address was stored. */
  onFound?: () => void;
}

export function ApiUrlForm({ collapsible = false, onFound }: ApiUrlFormProps) {
  const t = useT();
  const [open, setOpen] = useState(!collapsible);
  const host = hostOf(apiBase());
  const found = () => {
    if (collapsible) setOpen(false);
    onFound?.();
  };

  return (
    <div className="api-config">
      {collapsible && (
        <p className="api-config-host">
          {t('apiConfig.signInOn', { host })}{' '}
          {!open && (
            <button
              type="button"
              className="link-button"
              // Start fetching the form as soon as the button is pointed at or focused.
              onPointerEnter={() => void loadFields()}
              onFocus={() => void loadFields()}
              onClick={() => setOpen(true)}
            >
              {t('apiConfig.change')}
            </button>
          )}
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <ApiUrlFields collapsible={collapsible} onFound={found} />
        </Suspense>
      )}
    </div>
  );
}
