// The namespaces overview: each namespace with its list cards, and an option to show archived ones.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import type { Namespace } from '../../api/namespaces';
import type { List } from '../../api/lists';
import * as actions from '../../actions/namespaces';
import { listAtomFamily, namespaceAtomFamily, namespacesAtom } from '../../state/namespaces';
import { ListCard } from '../../components/ListCard';
import { ColorBubble } from '../../components/ColorBubble';
import { Loading } from '../../components/Loading';
import { Button } from '../../components/Button';
import { useRunCommand } from '../../app/useCommand';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { namespaceTitle, NamespaceMenu } from './NamespaceTree';
import { useRunFor } from '../lists/useRunFor';
import '../../components/organising.css';
import '../../components/listCard.css';

const SHOW_ARCHIVED_KEY = 'namespacesShowArchived';

export default function NamespacesIndex() {
  const t = useT();
  usePageTitle(t('namespace.title'));
  const run = useRunCommand();
  const runFor = useRunFor();
  const tree = useAtomValue(namespacesAtom);
  const [showArchived, setShowArchived] = useState(() => window.localStorage.getItem(SHOW_ARCHIVED_KEY) === 'true');
  // The query's result as ids; the namespaces and lists themselves are read from the store, so an edit shows at once.
  const [query, setQuery] = useState<{ id: number; listIds: number[] }[] | null>(null);
  const storedNamespaces = useAtomValue(namespaceAtomFamily.all);
  const storedLists = useAtomValue(listAtomFamily.all);
  // What the tree holds, as ids: a namespace or list added, removed, archived or moved asks the server again.
  const treeShape = tree.map((ns) => `${ns.id}:${ns.lists.map((l) => l.id).join(',')}`).join(';');

  useEffect(() => {
    let live = true;
    // Archived namespaces and lists only come with is_archived=true; the tree atom holds the rest.
    void actions.loadWithArchived().then((ids) => live && ids && setQuery(ids));
    return () => {
      live = false;
    };
  }, [treeShape]);

  const all = useMemo(
    () =>
      query?.flatMap(({ id, listIds }): Namespace[] => {
        const ns = storedNamespaces.get(id);
        if (!ns) return [];
        const { listIds: _own, ...fields } = ns;
        return [{ ...fields, lists: listIds.map((l) => storedLists.get(l)).filter((l): l is List => l !== undefined) }];
      }) ?? null,
    [query, storedNamespaces, storedLists],
  );

  function toggleArchived(value: boolean) {
    setShowArchived(value);
    try {
      window.localStorage.setItem(SHOW_ARCHIVED_KEY, String(value));
    } catch {
      // Kept for this visit only.
    }
  }

  const namespaces = (all ?? []).filter((n) => n.id !== -1 && n.id !== -2 && (showArchived || !n.isArchived));

  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{t('namespace.title')}</h1>
        <div className="row-actions">
          <label className="checkbox">
            <input type="checkbox" checked={showArchived} onChange={(e) => toggleArchived(e.target.checked)} /> {t('namespace.showArchived')}
          </label>
          <Button variant="secondary" onClick={() => void run('filter.new')}>
            {t('filters.create.title')}
          </Button>
          <Button onClick={() => void run('namespace.new')}>{t('namespace.create.title')}</Button>
        </div>
      </header>
      {all === null && <Loading />}
      {all !== null && namespaces.length === 0 && (
        <p className="muted">
          {t('namespace.none')} <Link to={pathFor('namespace.create')}>{t('namespace.create.title')}</Link>
        </p>
      )}
      {namespaces.map((ns) => {
        const lists = ns.lists.filter((l) => showArchived || !l.isArchived);
        return (
          <section key={ns.id} className="ns-section" aria-labelledby={`ns-${ns.id}`}>
            <div className="ns-section-header">
              <h2 id={`ns-${ns.id}`} className="section-title">
                <ColorBubble color={ns.hexColor} size={12} /> {namespaceTitle(ns, t)}
                {ns.isArchived && <span className="tag">{t('namespace.archived')}</span>}
              </h2>
              {ns.id > 0 && <NamespaceMenu ns={ns} />}
            </div>
            {lists.length === 0 ? (
              <p className="muted">
                {t('namespace.noLists')}{' '}
                {ns.id > 0 && !ns.isArchived && <Link to={pathFor('list.create', { namespaceId: ns.id })}>{t('list.create.title')}</Link>}
              </p>
            ) : (
              <ul className="list-cards">
                {lists.map((list) => (
                  <li key={list.id}>
                    <ListCard list={list} onToggleFavorite={(l) => runFor('list.toggleFavorite', { listId: l.id })} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
