// The API address form itself: a url input and a change button; validates, checks the address and reports the
// result. Loaded when it is first shown (see ApiUrlForm): most visitors never change the address.
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { discoverApiUrl, normaliseApiUrl } from '../api/discovery';
import { adoptApiUrl } from '../state/readiness';
import { TextField } from '../components/TextField';
import { Button } from '../components/Button';
import { Message } from '../components/Message';
import { success as successToast } from './toast';
import { hostOf } from './apiHost';

export interface ApiUrlFieldsProps {
  /** Part of the collapsible sign-in version: the field takes focus, and success is only a toast. */
  collapsible: boolean;
  /** Called after a working address was stored. */
  onFound: () => void;
}

export default function ApiUrlFields({ collapsible, onFound }: ApiUrlFieldsProps) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

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
      onFound();
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
    <>
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
          // Opened by the "change" button, which then disappears: the field takes its focus.
          autoFocus={collapsible}
        />
        <Button type="submit" variant="secondary" loading={checking}>
          {t('apiConfig.change')}
        </Button>
      </form>
      {failure && <Message variant="danger">{failure}</Message>}
      {done && !collapsible && <Message variant="success">{done}</Message>}
    </>
  );
}
