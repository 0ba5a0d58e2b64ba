// migrate.service: import from one service. Warns when it was imported before and asks before importing again.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { useFormatDate } from '../../i18n/dateLocale';
import { usePageTitle } from '../../app/usePageTitle';
import { configAtom } from '../../state/config';
import * as migration from '../../actions/migration';
import { pathFor } from '../../routes';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { error as errorToast } from '../../app/toast';
import { migratorFor, migratorName } from './migrators';
import '../settings/settings.css';

type Phase = 'loading' | 'ready' | 'importing' | 'done';

export default function MigrateService() {
  const t = useT();
  const formatDate = useFormatDate();
  const { service = '' } = useParams();
  const [query] = useSearchParams();
  const code = query.get('code');
  const available = useAtomValue(configAtom)?.availableMigrators ?? [];
  const def = migratorFor(service);
  const name = migratorName(def, t);
  usePageTitle(t('migrate.titleService', { name }));
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [lastImport, setLastImport] = useState<Date | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ranCode = useRef(false);
  const offered = available.includes(service);

  useEffect(() => {
    if (!offered) return;
    let alive = true;
    setPhase('loading');
    migration.lastImport(service)
      .then((time) => alive && setLastImport(time))
      .catch(() => undefined)
      .finally(() => alive && setPhase('ready'));
    return () => {
      alive = false;
    };
  }, [service, offered]);

  // Re-importing needs the person's say-so: nothing runs while the warning stands unconfirmed.
  const mayImport = phase === 'ready' && (lastImport === null || confirmed);

  async function run(action: () => Promise<unknown>) {
    setPhase('importing');
    setFailure(null);
    try {
      await action();
      setPhase('done');
    } catch (err) {
      setPhase('ready');
      void errorToast(err);
      setFailure(t('migrate.failed'));
    }
  }

  // Providers send the person back here with ?code=…; the import starts once any re-import warning is confirmed.
  useEffect(() => {
    if (def.kind !== 'oauth' || !code || !mayImport || ranCode.current) return;
    ranCode.current = true;
    void run(() => migration.importWithCode(service, code));
    // run is a new function each render and ranCode guards against a second start: the code and the confirmation decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def.kind, code, mayImport, service]);

  async function submitFile(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setFileError(t('migrate.fileRequired'));
      fileRef.current?.focus();
      return;
    }
    setFileError(null);
    await run(() => migration.importFile(service, file));
  }

  async function authorize() {
    try {
      const url = await migration.authorizationAddress(service);
      if (url) window.location.assign(url);
    } catch (err) {
      void errorToast(err);
    }
  }

  let body;
  if (!offered) {
    body = <Message variant="warning">{t('migrate.notAvailable', { name })}</Message>;
  } else if (phase === 'done') {
    body = (
      <>
        <Message variant="success">{t('migrate.success', { name })}</Message>
        <div className="settings-actions">
          <Link className="btn btn-primary" to={pathFor('home')}>
            {t('migrate.goHome')}
          </Link>
        </div>
      </>
    );
  } else {
    body = (
      <>
        {phase !== 'loading' && lastImport && (
          <Message variant="warning">
            <p>{t('migrate.alreadyMigrated', { name, date: formatDate(lastImport) })}</p>
            <label className="checkbox">
              <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
              <span>{t('migrate.confirmReimport')}</span>
            </label>
          </Message>
        )}
        {failure && <Message variant="danger">{failure}</Message>}
        {def.kind === 'file' ? (
          <form className="settings-form" onSubmit={submitFile} noValidate aria-label={t('migrate.titleService', { name })}>
            <p className="settings-text">{t('migrate.fileText', { name })}</p>
            <div className={`field${fileError ? ' has-error' : ''}`}>
              <label className="field-label" htmlFor={fileId}>
                {t('migrate.file')}
              </label>
              <input
                id={fileId}
                ref={fileRef}
                type="file"
                name="import"
                accept={def.accept}
                disabled={!mayImport}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${fileId}-error`}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
              <p id={`${fileId}-error`} className="field-error" aria-live="polite">
                {fileError ?? ''}
              </p>
            </div>
            <div className="settings-actions">
              <Link className="btn btn-tertiary" to={pathFor('migrate.start')}>
                {t('misc.back')}
              </Link>
              <Button type="submit" disabled={!mayImport} loading={phase === 'importing'}>
                {t('migrate.import')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="settings-form">
            <p className="settings-text">{t(code ? 'migrate.inProgress' : 'migrate.authorizeText', { name })}</p>
            {!code && (
              <div className="settings-actions">
                <Button onClick={() => void authorize()} disabled={!mayImport}>
                  {t('migrate.authorize', { name })}
                </Button>
              </div>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="page-narrow">
      <Card title={t('migrate.titleService', { name })} headingLevel={1} loading={phase === 'loading' || phase === 'importing'}>
        <div className="settings-form">{body}</div>
      </Card>
    </div>
  );
}
