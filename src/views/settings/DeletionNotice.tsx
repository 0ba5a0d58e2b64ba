// The red notice on the overview while the account's deletion is scheduled, linking to where it can be cancelled.
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { useFormatDate } from '../../i18n/dateLocale';
import { userAtom } from '../../state/session';
import { pathFor } from '../../routes';

export function DeletionNotice() {
  const t = useT();
  const formatDate = useFormatDate();
  const scheduled = useAtomValue(userAtom)?.deletionScheduledAt ?? null;
  if (!scheduled) return null;
  return (
    <p className="home-deletion" role="alert">
      {t('user.deletion.scheduled', { date: formatDate(scheduled) })}{' '}
      <Link to={`${pathFor('user.settings')}#deletion`}>{t('user.deletion.scheduledCancel')}</Link>
    </p>
  );
}
