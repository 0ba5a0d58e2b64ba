// The last viewed lists on the home page (at most 5, newest first) as list cards: colour, background, favorite star.
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { recentListIdsAtom } from '../../state/recentLists';
import { listsByIdAtom } from '../../state/namespaces';
import { ListCard } from '../../components/ListCard';
import { useRunFor } from '../lists/useRunFor';
import '../../components/listCard.css';

export function RecentLists() {
  const t = useT();
  const runFor = useRunFor();
  const ids = useAtomValue(recentListIdsAtom);
  const lists = useAtomValue(listsByIdAtom);
  const shown = ids.map((id) => lists.get(id)).filter((l) => l !== undefined);
  if (shown.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-recent">
      <h2 id="home-recent" className="home-section-title">
        {t('task.home.lastViewed')}
      </h2>
      <ul className="list-cards">
        {shown.map((l) => (
          <li key={l.id}>
            <ListCard list={l} onToggleFavorite={(list) => runFor('list.toggleFavorite', { listId: list.id })} />
          </li>
        ))}
      </ul>
    </section>
  );
}
