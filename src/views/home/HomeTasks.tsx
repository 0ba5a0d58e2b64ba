// The home page's task part: the upcoming block (overdue and the next week) of every list the person can read, else
// the empty-state offers when there is nothing at all.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import type { Task } from '../../api/tasks';
import { namespacesAtom, namespacesLoadedAtom } from '../../state/namespaces';
import { configAtom } from '../../state/config';
import { putTasks, tasksOfAtom } from '../../state/tasks';
import * as actions from '../../actions';
import { error as toastError } from '../../app/toast';
import { TaskRow } from '../../components/TaskRow';
import { useDelayedFlag } from '../../components/Loading';
import { loadHomeTasks, takeHomeTasks } from './homeTasksData';
import { takeReturnRow } from '../../state/selection';

export function HomeTasks({ refreshKey }: { refreshKey: number }) {
  const t = useT();
  const namespaces = useAtomValue(namespacesAtom);
  const loaded = useAtomValue(namespacesLoadedAtom);
  const config = useAtomValue(configAtom);
  // The ids of the block's tasks; the tasks themselves are read from the store, so an edit anywhere shows here.
  const [ids, setIds] = useState<number[] | null>(null);
  const stored = useAtomValue(useMemo(() => tasksOfAtom(ids ?? []), [ids]));
  const tasks = ids ? stored : null;
  const first = namespaces.find((n) => n.id > 0) ?? null;
  // Any list counts, wherever it is: another namespace, shared with the person, or a saved filter.
  const hasLists = namespaces.some((n) => n.lists.length > 0);
  const hasSomething = hasLists || (tasks?.length ?? 0) > 0;
  const showEmpty = useDelayedFlag(loaded && tasks !== null && !hasSomething);

  // The tasks come from every readable list (/tasks/all), so they load whatever the namespaces hold.
  useEffect(() => {
    let live = true;
    (refreshKey === 0 ? takeHomeTasks() : loadHomeTasks()).then(
      (page) => {
        if (!live) return;
        putTasks(page.items);
        setIds(page.items.map((x) => x.id));
      },
      (err) => void toastError(err),
    );
    return () => {
      live = false;
    };
  }, [refreshKey]);

  const onDoneChange = useCallback((task: Task, done: boolean) => {
    void actions.tasks.setDone(task, done).then((saved) => saved?.done && setIds((all) => (all ? [...all.filter((x) => x !== saved.id), saved.id] : all)));
  }, []);
  const onSave = useCallback((task: Task) => actions.tasks.update(task), []);

  // A task opened from here and closed again: its title link has the focus, as if the person had never left.
  const block = useRef<HTMLDivElement>(null);
  const shown = tasks !== null && tasks.length > 0;
  useEffect(() => {
    if (!shown || !ids) return;
    const id = takeReturnRow(ids, block.current);
    if (id !== null) block.current?.querySelector<HTMLElement>(`[data-task-id="${id}"] .task-title`)?.focus();
  }, [shown, ids]);

  if (!hasSomething) {
    if (!showEmpty) return null;
    return (
      <section className="home-section home-empty" aria-labelledby="home-empty">
        <h2 id="home-empty" className="home-section-title">
          {t('task.home.emptyTitle')}
        </h2>
        <p>{t('task.home.emptyText')}</p>
        <div className="home-empty-actions">
          {first && (
            <Link className="btn btn-primary" to={pathFor('list.create', { namespaceId: first.id })}>
              {t('task.home.createList')}
            </Link>
          )}
          {(config?.availableMigrators?.length ?? 0) > 0 && (
            <Link className="btn btn-secondary" to={pathFor('migrate.start')}>
              {t('task.home.import')}
            </Link>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="home-section" aria-labelledby="home-upcoming">
      <h2 id="home-upcoming" className="home-section-title">
        <Link to={pathFor('tasks.range')}>{t('task.home.upcoming')}</Link>
      </h2>
      {tasks && tasks.length === 0 && <p className="detail-muted">{t('task.upcoming.empty')}</p>}
      {tasks && tasks.length > 0 && (
        <div className="home-tasks" ref={block}>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} showList onDoneChange={onDoneChange} onSave={onSave} />
          ))}
        </div>
      )}
    </section>
  );
}
