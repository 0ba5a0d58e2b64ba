// The router's error element: a view (or layout) that failed to render or load is reported to the error toast and replaced by a recovery screen.
import { useEffect, useRef } from 'react';
import { Link, isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { useT } from '../i18n';
import { pathFor } from '../routes';
import { errorText } from './errorText';
import { error as errorToast } from './toast';
import { usePageTitle } from './usePageTitle';

/** What to show for what was thrown: a router error response carries its text in data or its status line. */
function shownError(err: unknown): unknown {
  if (!isRouteErrorResponse(err)) return err;
  return typeof err.data === 'string' && err.data !== '' ? err.data : `${err.status} ${err.statusText}`.trim();
}

export function RouteErrorScreen() {
  const t = useT();
  const navigate = useNavigate();
  const err = useRouteError();
  const heading = useRef<HTMLHeadingElement>(null);
  const reported = useRef<unknown>(undefined);
  usePageTitle(t('error.screen.title'));

  // React Router catches render errors itself, so window's error event (globalErrors.ts) never sees them.
  // The ref keeps StrictMode's second effect run from toasting the same error twice.
  useEffect(() => {
    if (reported.current === err) return;
    reported.current = err;
    void errorToast(shownError(err));
  }, [err]);

  // Keyboard and screen-reader users land on the explanation rather than on whatever had focus.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="page-narrow route-error">
      <h1 ref={heading} tabIndex={-1}>
        {t('error.screen.title')}
      </h1>
      <p>{t('error.uncaught', { message: errorText(shownError(err)) })}</p>
      <p>{t('error.screen.text')}</p>
      <div className="route-error-actions">
        {/* history.go(0): a full reload in the browser, which also fetches again a view chunk that failed to load. */}
        <button type="button" className="btn btn-primary" onClick={() => void navigate(0)}>
          {t('error.screen.retry')}
        </button>
        <Link className="btn btn-secondary" to={pathFor('home')}>
          {t('error.screen.home')}
        </Link>
      </div>
    </div>
  );
}
