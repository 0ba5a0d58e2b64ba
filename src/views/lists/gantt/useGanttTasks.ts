// Loads the tasks a gantt chart shows (every page of the range query) and keeps them per list and range while the app runs.
import { useCallback, useEffect, useState } from 'react';
import { getListTasks, type Task } from '../../../api/tasks';
import { onTaskSaved } from '../../../state/tasks';
import { scheduleReminders } from '../../../state/reminders';
import { error } from '../../../app/toast';
import { ganttQuery, inRange, sortForGantt, type GanttRange } from './ganttModel';

const PAGE_SIZE = 50;
const PARALLEL_PAGES = 6;

interface Loaded {
  key: string;
  tasks: Task[];
}

/** Kept charts by list: going back to a chart with the same range shows it at once (the views stay alive). */
const kept = new Map<number, Loaded>();

export interface GanttTasks {
  tasks: Task[];
  loading: boolean;
  loaded: boolean;
  /** Puts a changed or created task on the chart (or takes it off when it left the range). */
  put: (task: Task) => void;
}

export function useGanttTasks(listId: number, range: GanttRange, enabled: boolean): GanttTasks {
  const key = JSON.stringify(ganttQuery(range));
  const start = kept.get(listId);
  const [state, setState] = useState<{ key: string; tasks: Task[]; loading: boolean; loaded: boolean }>(() =>
    start && start.key === key ? { ...start, loading: false, loaded: true } : { key, tasks: [], loading: false, loaded: false },
  );

  useEffect(() => {
    if (!enabled) return;
    const hit = kept.get(listId);
    if (hit && hit.key === key) {
      setState({ ...hit, loading: false, loaded: true });
      return;
    }
    let live = true;
    const query = { ...ganttQuery(range), perPage: PAGE_SIZE };
    setState((s) => ({ key, tasks: s.key === key ? s.tasks : [], loading: true, loaded: s.key === key && s.loaded }));
    (async () => {
      const first = await getListTasks(listId, { ...query, page: 1 });
      let tasks = first.items;
      for (let page = 2; page <= first.totalPages && live; page += PARALLEL_PAGES) {
        const batch = Array.from({ length: Math.min(PARALLEL_PAGES, first.totalPages - page + 1) }, (_, i) => getListTasks(listId, { ...query, page: page + i }));
        tasks = tasks.concat(...(await Promise.all(batch)).map((p) => p.items));
      }
      if (!live) return;
      scheduleReminders(tasks);
      const sorted = sortForGantt(tasks);
      kept.set(listId, { key, tasks: sorted });
      setState({ key, tasks: sorted, loading: false, loaded: true });
    })().catch((err) => {
      if (!live) return;
      setState((s) => ({ ...s, loading: false, loaded: true }));
      void error(err);
    });
    return () => {
      live = false;
    };
    // key stands for range
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listId, key, enabled]);

  const put = useCallback(
    (task: Task) => {
      setState((s) => {
        const others = s.tasks.filter((t) => t.id !== task.id);
        const belongs = task.listId === listId && inRange(task, range);
        const known = others.length !== s.tasks.length;
        if (!belongs && !known) return s;
        // A changed task keeps its row; a new one is sorted in.
        const tasks = !belongs ? others : known ? s.tasks.map((t) => (t.id === task.id ? task : t)) : sortForGantt([...others, task]);
        kept.set(listId, { key: s.key, tasks });
        return { ...s, tasks };
      });
    },
    // key stands for range
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [listId, key],
  );

  // Saved elsewhere (task detail, another view): follow it here.
  useEffect(() => onTaskSaved(put), [put]);

  return { tasks: state.key === key ? state.tasks : [], loading: state.loading, loaded: state.loaded && state.key === key, put };
}
