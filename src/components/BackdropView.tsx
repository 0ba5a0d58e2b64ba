// The page a modal route sits on, rendered behind it (inert, hidden from assistive technology); views that support it
// take their route params as a prop there.
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { matchRoute } from '../routes';
import { savedListView } from '../state/listView';

type ParamsView = ComponentType<{ params?: Record<string, string> }>;

const BACKDROPS: Record<string, ParamsView> = {
  'list.list': lazy(() => import('../views/lists/ListView')),
  'list.gantt': lazy(() => import('../views/lists/GanttView')),
  'list.kanban': lazy(() => import('../views/lists/KanbanView')),
  'list.table': lazy(() => import('../views/lists/TableView')),
  'tasks.range': lazy(() => import('../views/tasks/Upcoming')) as ParamsView,
  home: lazy(() => import('../views/home/Home')) as ParamsView,
  'namespaces.index': lazy(() => import('../views/namespaces/NamespacesIndex')) as ParamsView,
  'labels.index': lazy(() => import('../views/labels/LabelsIndex')) as ParamsView,
  'teams.index': lazy(() => import('../views/teams/TeamsIndex')) as ParamsView,
};

/** Which view a path shows behind a modal (a list's index shows the list's saved view), or null when none can. */
export function backdropFor(path: string | null): { View: ParamsView; params: Record<string, string> } | null {
  if (!path) return null;
  const match = matchRoute(path.split('?')[0]);
  const name = match.name === 'list.index' ? savedListView(Number(match.params.listId)) : match.name;
  const View = BACKDROPS[name];
  return View ? { View, params: match.params } : null;
}

export function BackdropView({ path }: { path: string | null }) {
  const backdrop = useMemo(() => backdropFor(path), [path]);
  if (!backdrop) return null;
  const { View, params } = backdrop;
  return (
    <div className="route-backdrop-view" aria-hidden="true" inert>
      <Suspense fallback={null}>
        <View params={params} />
      </Suspense>
    </div>
  );
}
