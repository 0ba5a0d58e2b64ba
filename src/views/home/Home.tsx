// The overview: the time-of-day greeting, the deletion notice, the add-task box, the last viewed lists and the upcoming block.
import { useAtomValue } from 'jotai/react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { displayName, userAtom } from '../../state/session';
import { greetingKey } from './greeting';
import { DeletionNotice } from '../settings/DeletionNotice';
import { AddTask } from '../../components/AddTask';
import { useAddTasks } from '../tasks/useAddTasks';
import { RecentLists } from './RecentLists';
import { HomeTasks } from './HomeTasks';
import './home.css';

export default function Home() {
  const t = useT();
  usePageTitle(t('navigation.overview'));
  const user = useAtomValue(userAtom);
  const [hour, setHour] = useState(() => new Date().getHours());
  const [added, setAdded] = useState(0);
  const onAdd = useAddTasks(null, () => setAdded((n) => n + 1));

  // Keep the greeting right when the page stays open across a boundary.
  useEffect(() => {
    const timer = setInterval(() => setHour(new Date().getHours()), 60_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="home">
      <h1 className="home-greeting">{t(greetingKey(hour), { username: displayName(user) })}</h1>
      <DeletionNotice />
      <AddTask onAdd={onAdd} />
      <RecentLists />
      <HomeTasks refreshKey={added} />
    </div>
  );
}
