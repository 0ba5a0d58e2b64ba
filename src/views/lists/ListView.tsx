// The list view (list.list): add-task, filters, and the task rows (virtualised, reorderable); the list's tasks stay in memory.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { AddTask } from '../../components/AddTask';
import { Loading, useDelayedFlag } from '../../components/Loading';
import { appStore } from '../../state/store';
import { listTasksAtom, taskAtomFamily } from '../../state/tasks';
import * as actions from '../../actions';
import type { Task } from '../../api/tasks';
import { useAddTasks } from '../tasks/useAddTasks';
import { canWriteList, useListMeta } from './useListMeta';
import { ListViewSwitcher } from './ListViewSwitcher';
import { VirtualTaskList } from './views/VirtualTaskList';
import { useListTasks } from './views/useListTasks';
import { FilterPopup, useListFilters } from './ListFilters';
import { activeFilterCount, type TaskFilterParams } from './views/taskFilters';
import { moveTask } from './views/reorder';
import './listViews.css';
import { ListBackdrop } from '../../components/ListBackdrop';

/** Done toggling, saving and reordering for views over one list's atom. */
export function useTaskActions(listId: number, hideDone: boolean) {
  const onDoneChange = useCallback(
    (task: Task, done: boolean) => {
      // A done task leaves a view that hides done ones; the list keeps only the ids still listed, so the
      // toast's Undo (which saves through the same callback) would leave the row missing: put it back where it was.
      let removedAt = -1;
      const place = (saved: Task) => {
        if (!hideDone) return;
        const a = listTasksAtom(listId);
        appStore.set(a, (s) => {
          const i = s.tasks.findIndex((x) => x.id === saved.id);
          if (saved.done) {
            if (i === -1) return s;
            removedAt = i;
            return { ...s, tasks: s.tasks.filter((x) => x.id !== saved.id) };
          }
          if (i !== -1 || removedAt === -1) return s;
          const tasks = [...s.tasks];
          tasks.splice(Math.min(removedAt, tasks.length), 0, saved);
          return { ...s, tasks };
        });
      };
      void actions.tasks.setDone(task, done, place);
    },
    [listId, hideDone],
  );
  const onSave = useCallback((task: Task) => actions.tasks.update(task), []);
  const onReorder = useCallback(
    (task: Task, toIndex: number) => {
      const a = listTasksAtom(listId);
      const before = appStore.get(a);
      const { tasks, position } = moveTask(before.tasks, task, toIndex);
      // The action writes the moved task (and can roll it back); the list takes the new order of the tasks as stored.
      const saving = actions.tasks.update({ ...task, position });
      appStore.set(a, { ...before, tasks: tasks.map((x) => taskAtomFamily.peek(x.id) ?? x) });
      void saving.then((saved) => {
        if (saved) return;
        // Refused: the old order comes back (the action has put the task back already; the others are as they are now).
        const order = new Map(before.tasks.map((x, i) => [x.id, i]));
        appStore.set(a, (s) => ({ ...s, tasks: [...s.tasks].sort((x, y) => (order.get(x.id) ?? 0) - (order.get(y.id) ?? 0)) }));
      });
    },
    [listId],
  );
  return { onDoneChange, onSave, onReorder };
}

/**
 * What an empty list view says: a list with no tasks at all invites the first one; a list whose filter hides
 * tasks says so. With the default filter only done tasks can be hidden, so one task of any state is asked for.
 */
function useEmptyText(listId: number, applied: TaskFilterParams, empty: boolean, canWrite: boolean): string | null {
  const t = useT();
  const filtered = listId < 0 || activeFilterCount(applied) > 0;
  const [hasAny, setHasAny] = useState<boolean | null>(null);
  useEffect(() => {
    setHasAny(null);
    if (!empty || filtered) return;
    let alive = true;
    actions.tasks
      .fetchListPage(listId, { page: 1, perPage: 1 })
      .then((page) => alive && setHasAny(page.items.length > 0))
      // Unknown (offline): the message that is true either way.
      .catch(() => alive && setHasAny(true));
    return () => {
      alive = false;
    };
  }, [listId, empty, filtered]);
  if (!empty) return null;
  if (filtered || hasAny) return t('task.listEmpty');
  if (hasAny === null) return null;
  return t(canWrite ? 'task.listEmptyNew' : 'task.listEmptyNone');
}

/** `params` is given when the view is rendered behind the task detail modal (outside its route). */
export default function ListView({ params }: { params?: Record<string, string> }) {
  const t = useT();
  const routeParams = useParams();
  const listId = Number((params ?? routeParams).listId);
  const list = useListMeta(listId, 'list.list');
  usePageTitle(list?.title ?? null);
  const { filters, setFilters, applied } = useListFilters(listId);
  const { state } = useListTasks(listId, applied);
  const canWrite = canWriteList(list);
  const actions = useTaskActions(listId, !applied.showDone);
  const onAdd = useAddTasks(listId > 0 ? listId : null);
  const showLoading = useDelayedFlag(state.loading && state.tasks.length === 0);
  const emptyText = useEmptyText(listId, applied, state.loaded && state.tasks.length === 0 && !state.loading, canWrite);

  return (
    <div className={`list-view${list?.backgroundInformation ? ' has-background' : ''}`}>
      <ListBackdrop list={list} />
      <header className="list-view-header">
        <h1 className="list-view-title">{list?.title ?? ''}</h1>
        <ListViewSwitcher listId={listId} />
      </header>
      {list?.isArchived && <p className="list-archived-note">{t('task.archivedReadOnly')}</p>}
      {canWrite && listId > 0 && <AddTask onAdd={onAdd} />}
      <div className="list-view-toolbar">
        <FilterPopup filters={filters} setFilters={setFilters} listId={listId} />
        <span className="list-view-count" aria-live="polite">
          {state.loaded ? t('task.count', { count: state.tasks.length }) : ''}
        </span>
      </div>
      {showLoading && <Loading />}
      {emptyText && <p className="list-empty">{emptyText}</p>}
      {/* An empty list shows only its message, not an empty scroll box under it. */}
      {state.tasks.length > 0 && (
        <VirtualTaskList
          tasks={state.tasks}
          memoryKey={`list-${listId}`}
          canWrite={canWrite}
          canReorder={canWrite && applied.sortBy === 'position' && applied.orderBy === 'asc'}
          showList={listId < 0}
          onDoneChange={actions.onDoneChange}
          onSave={actions.onSave}
          onReorder={actions.onReorder}
        />
      )}
    </div>
  );
}
