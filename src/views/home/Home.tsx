// The overview: the time-of-day greeting and, while scheduled, the account deletion notice.
import { Link } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { useEffect, useState } from 'react';
import { useT, currentLanguage } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { displayName, userAtom } from '../../state/session';
import { currentListAtom } from '../../state/ui';
import { pathFor } from '../../routes';
import { greetingKey } from './greeting';
import './home.css';

export default function Home() {
  const t = useT();
  usePageTitle(t('navigation.overview'));
  const user = useAtomValue(userAtom);
  const setCurrentList = useSetAtom(currentListAtom);
  const [hour, setHour] = useState(() => new Date().getHours());

  // Home is not a list: clear the current list (spec §2).
  useEffect(() => setCurrentList(null), [setCurrentList]);

  // Keep the greeting right when the page stays open across a boundary.
  useEffect(() => {
    const timer = setInterval(() => setHour(new Date().getHours()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const deletion = user?.deletionScheduledAt ?? null;
  return (
    <div className="home">
      <h1 className="home-greeting">{t(greetingKey(hour), { username: displayName(user) })}</h1>
      {deletion && (
        <p className="home-deletion" role="alert">
          {t('user.deletion.scheduled', { date: deletion.toLocaleDateString(currentLanguage()) })}{' '}
          <Link to={`${pathFor('user.settings')}#deletion`}>{t('user.deletion.scheduledCancel')}</Link>
        </p>
      )}
    </div>
  );
}
