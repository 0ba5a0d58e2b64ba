// The last viewed lists on the home page (at most 5, newest first) as cards with the list colour.
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { recentListIdsAtom } from '../../state/recentLists';
import { listsByIdAtom } from '../../state/namespaces';

export function RecentLists() {
  const t = useT();
  const ids = useAtomValue(recentListIdsAtom);
  const lists = useAtomValue(listsByIdAtom);
  const shown = ids.map((id) => lists.get(id)).filter((l) => l !== undefined);
  if (shown.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-recent">
      <h2 id="home-recent" className="home-section-title">
        {t('task.home.lastViewed')}
      </h2>
      <ul className="recent-lists">
        {shown.map((l) => (
          <li key={l.id}>
            <Link className="recent-list-card" to={pathFor('list.index', { listId: l.id })} style={{ borderLeftColor: l.hexColor ? `#${l.hexColor}` : 'var(--border-strong)' }}>
              <span className="recent-list-title">{l.title}</span>
              {l.isArchived && <span className="recent-list-archived">{t('task.archived')}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
