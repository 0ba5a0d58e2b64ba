// The overview: the time-of-day greeting and, while scheduled, the account deletion notice.
import { useAtomValue, useSetAtom } from 'jotai/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { displayName, userAtom } from '../../state/session';
import { currentListAtom } from '../../state/ui';
import { greetingKey } from './greeting';
import { DeletionNotice } from '../settings/DeletionNotice';
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

  return (
    <div className="home">
      <h1 className="home-greeting">{t(greetingKey(hour), { username: displayName(user) })}</h1>
      <DeletionNotice />
    </div>
  );
}
