// Links between the views of a list (list, gantt, table, kanban), the current one marked.
import { NavLink } from 'react-router-dom';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';

const VIEWS = [
  ['list.list', 'task.views.list'],
  ['list.gantt', 'task.views.gantt'],
  ['list.table', 'task.views.table'],
  ['list.kanban', 'task.views.kanban'],
] as const;

export function ListViewSwitcher({ listId }: { listId: number }) {
  const t = useT();
  return (
    <nav className="view-switcher" aria-label={t('task.views.label')}>
      {VIEWS.map(([route, key]) => (
        <NavLink key={route} to={pathFor(route, { listId })} className={({ isActive }) => `view-switcher-link${isActive ? ' is-active' : ''}`}>
          {t(key)}
        </NavLink>
      ))}
    </nav>
  );
}
