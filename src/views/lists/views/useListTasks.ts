// Loads a list's tasks for a filter into its atom: the first page at once, the rest after it; kept while the app runs.
import { useEffect, useMemo } from 'react';
import { useAtom } from 'jotai/react';
import { getListTasks } from '../../../api/tasks';
import { listTasksAtom } from '../../../state/tasks';
import { scheduleReminders } from '../../../state/reminders';
import { error } from '../../../app/toast';
import { filtersToQuery, type TaskFilterParams } from './taskFilters';

const PAGE_SIZE = 50;
const PARALLEL_PAGES = 6;

export function useListTasks(listId: number, filters: TaskFilterParams) {
  const [state, setState] = useAtom(listTasksAtom(listId));
  const query = useMemo(() => ({ ...filtersToQuery(filters), perPage: PAGE_SIZE }), [filters]);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    // Back on a list with the same filter: show what is kept, no reload.
    if (state.loaded && state.queryKey === queryKey) return;
    let live = true;
    let finished = false;
    setState((s) => ({ ...s, loading: true, queryKey }));
    (async () => {
      const first = await getListTasks(listId, { ...query, page: 1 });
      if (!live) return;
      setState({ tasks: first.items, loading: first.totalPages > 1, loaded: true, queryKey });
      scheduleReminders(first.items);
      for (let page = 2; page <= first.totalPages; page += PARALLEL_PAGES) {
        const batch = Array.from({ length: Math.min(PARALLEL_PAGES, first.totalPages - page + 1) }, (_, i) => getListTasks(listId, { ...query, page: page + i }));
        const pages = await Promise.all(batch);
        if (!live) return;
        const more = pages.flatMap((p) => p.items);
        scheduleReminders(more);
        setState((s) => ({ ...s, tasks: [...s.tasks, ...more] }));
      }
      finished = true;
      setState((s) => ({ ...s, loading: false }));
    })().catch((err) => {
      if (!live) return;
      finished = true;
      setState((s) => ({ ...s, loading: false, loaded: true }));
      void error(err);
    });
    return () => {
      live = false;
      // Left before every page arrived: the next visit loads again.
      if (!finished) setState((s) => ({ ...s, loading: false, queryKey: '' }));
    };
    // queryKey stands for query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listId, queryKey]);

  return { state, setState };
}
