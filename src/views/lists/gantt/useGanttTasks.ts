// Loads the tasks a gantt chart shows (every page of the range query) and keeps them per list and range while the app runs.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import type { Task, TaskQuery } from '../../../api/tasks';
import * as actions from '../../../actions';
import { putTasks, tasksOfAtom } from '../../../state/tasks';
import { onClearStore } from '../../../state/entities';
import { appStore } from '../../../state/store';
import { error } from '../../../app/toast';
import { ganttDueQuery, ganttQuery, inRange, sortForGantt, type GanttRange } from './ganttModel';

const PAGE_SIZE = 50;
const PARALLEL_PAGES = 6;

interface Loaded {
  key: string;
  /** The chart's rows as ids, sorted when loaded; the tasks are read from the store. */
  ids: number[];
}

/** Kept charts by list: going back to a chart with the same range shows it at once (the views stay alive). */
const kept = new Map<number, Loaded>();
onClearStore(() => kept.clear());

export interface GanttTasks {
  tasks: Task[];
  loading: boolean;
  loaded: boolean;
  /** Puts created tasks on the chart (sorted in among the rows). */
  add: (tasks: Task[]) => void;
}

export function useGanttTasks(listId: number, range: GanttRange, enabled: boolean): GanttTasks {
  const key = JSON.stringify(ganttQuery(range));
  const start = kept.get(listId);
  const [state, setState] = useState<{ key: string; ids: number[]; loading: boolean; loaded: boolean }>(() =>
    start && start.key === key ? { ...start, loading: false, loaded: true } : { key, ids: [], loading: false, loaded: false },
  );

  useEffect(() => {
    if (!enabled) return;
    const hit = kept.get(listId);
    if (hit && hit.key === key) {
      setState({ ...hit, loading: false, loaded: true });
      return;
    }
    let live = true;
    setState((s) => ({ key, ids: s.key === key ? s.ids : [], loading: true, loaded: s.key === key && s.loaded }));
    const everyPage = async (query: TaskQuery): Promise<Task[]> => {
      const first = await actions.tasks.fetchListPage(listId, { ...query, perPage: PAGE_SIZE, page: 1 });
      let tasks = first.items;
      for (let page = 2; page <= first.totalPages && live; page += PARALLEL_PAGES) {
        const batch = Array.from({ length: Math.min(PARALLEL_PAGES, first.totalPages - page + 1) }, (_, i) =>
          actions.tasks.fetchListPage(listId, { ...query, perPage: PAGE_SIZE, page: page + i }),
        );
        tasks = tasks.concat(...(await Promise.all(batch)).map((p) => p.items));
      }
      return tasks;
    };
    (async () => {
      // Tasks with only a due date in the range come from a second query (the range query compares start and end);
      // with tasks without dates asked for, the first query has them already.
      const [spanned, due] = await Promise.all([everyPage(ganttQuery(range)), range.showUndated ? [] : everyPage(ganttDueQuery(range))]);
      if (!live) return;
      const seen = new Set(spanned.map((t) => t.id));
      const tasks = [...spanned, ...due.filter((t) => !seen.has(t.id))];
      putTasks(tasks);
      const ids = sortForGantt(tasks).map((t) => t.id);
      kept.set(listId, { key, ids });
      setState({ key, ids, loading: false, loaded: true });
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

  const add = useCallback(
    (created: Task[]) => {
      setState((s) => {
        const known = appStore.get(tasksOfAtom(s.ids));
        const ids = sortForGantt([...known.filter((t) => !created.some((c) => c.id === t.id)), ...created]).map((t) => t.id);
        kept.set(listId, { key: s.key, ids });
        return { ...s, ids };
      });
    },
    [listId],
  );

  // The rows follow the store: a task changed anywhere (detail, another view) shows its change, or leaves the chart
  // when it left the list or the range.
  const ids = state.key === key ? state.ids : NONE;
  const stored = useAtomValue(useMemo(() => tasksOfAtom(ids), [ids]));
  const tasks = useMemo(() => stored.filter((t) => t.listId === listId && inRange(t, range)), [stored, listId, range]);

  return { tasks, loading: state.loading, loaded: state.loaded && state.key === key, add };
}

const NONE: number[] = [];
