// The API address form: a url input, a change button and the host in use; validates and reports the check.
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { apiBase } from '../api/client';
import { discoverApiUrl, normaliseApiUrl } from '../api/discovery';
import { adoptApiUrl } from '../state/readiness';
import { TextField } from '../components/TextField';
import { Button } from '../components/Button';
import { Message } from '../components/Message';
import { success as successToast } from './toast';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export interface ApiUrlFormProps {
  /** Start collapsed, showing only the host and a change button (the sign-in screens). */
  collapsible?: boolean;
  /** Called after a working address was stored. */
  onFound?: () => void;
}

export function ApiUrlForm({ collapsible = false, onFound }: ApiUrlFormProps) {
  const t = useT();
  const [open, setOpen] = useState(!collapsible);
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const host = hostOf(apiBase());

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setDone(null);
    if (url.trim() === '') {
      setFieldError(t('apiConfig.urlRequired'));
      return;
    }
    setFieldError(null);
    setChecking(true);
    try {
      const found = await discoverApiUrl(url);
      adoptApiUrl(found.url, found.info);
      const message = t('apiConfig.success', { domain: hostOf(found.url) });
      setDone(message);
      void successToast(message);
      if (collapsible) setOpen(false);
      onFound?.();
    } catch {
      let domain = url.trim();
      try {
        domain = hostOf(normaliseApiUrl(url));
      } catch {
        // keep what was typed
      }
      setFailure(t('apiConfig.error', { domain }));
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="api-config">
      {collapsible && (
        <p className="api-config-host">
          {t('apiConfig.signInOn', { host })}{' '}
          {!open && (
            <button type="button" className="link-button" onClick={() => setOpen(true)}>
              {t('apiConfig.change')}
            </button>
          )}
        </p>
      )}
      {open && (
        <form className="api-config-form" onSubmit={submit} noValidate>
          <TextField
            label={t('apiConfig.url')}
            placeholder={t('apiConfig.urlPlaceholder')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={fieldError}
            type="url"
            inputMode="url"
            autoComplete="url"
            name="apiUrl"
          />
          <Button type="submit" variant="secondary" loading={checking}>
            {t('apiConfig.change')}
          </Button>
        </form>
      )}
      {failure && <Message variant="danger">{failure}</Message>}
      {done && !collapsible && <Message variant="success">{done}</Message>}
    </div>
  );
}
