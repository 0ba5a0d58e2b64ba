// The 404 page for any unmatched path.
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { pathFor } from '../../routes';

export default function NotFound() {
  const t = useT();
  usePageTitle(t('notFound.title'));
  return (
    <div className="page-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-secondary" to={pathFor('home')}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
