// Links between the views of a list (list, gantt, table, kanban), the current one marked.
import { NavLink, useLocation } from 'react-router-dom';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { requestViewFocus } from '../../state/focusRequests';

const VIEWS = [
  ['list.list', 'task.views.list'],
  ['list.gantt', 'task.views.gantt'],
  ['list.table', 'task.views.table'],
  ['list.kanban', 'task.views.kanban'],
] as const;

export function ListViewSwitcher({ listId }: { listId: number }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav className="view-switcher" aria-label={t('task.views.label')}>
      {VIEWS.map(([route, key]) => (
        // Enter on a view link lands in the new view's content, as g l / g g / g t / g k do.
        <NavLink
          key={route}
          to={pathFor(route, { listId })}
          onClick={() => pathname !== pathFor(route, { listId }) && requestViewFocus()}
          className={({ isActive }) => `view-switcher-link${isActive ? ' is-active' : ''}`}
        >
          {t(key)}
        </NavLink>
      ))}
    </nav>
  );
}
