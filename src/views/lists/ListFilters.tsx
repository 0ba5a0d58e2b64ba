// The filters of a list's list and table views: the remembered, debounced filter state and the popup that edits it.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { useOutsidePress } from '../../components/useOutsidePress';
import { activeFilterCount, type TaskFilterParams } from './views/taskFilters';
import { filterMemory, rememberedFilters } from './views/useListTasks';

const FILTER_DEBOUNCE_MS = 300;

// The form (its pickers, the combobox library) loads when the popup first opens: a list's first rows do not wait for it.
const TaskFilters = lazy(() => import('./views/TaskFilters').then((m) => ({ default: m.TaskFilters })));

export function useListFilters(listId: number) {
  const [filters, setFilters] = useState<TaskFilterParams>(() => rememberedFilters(listId));
  const [applied, setApplied] = useState(filters);
  useEffect(() => {
    const f = rememberedFilters(listId);
    setFilters(f);
    setApplied(f);
  }, [listId]);
  useEffect(() => {
    filterMemory.set(listId, filters);
    // Typing in a range or search field should not reload on every key.
    const timer = setTimeout(() => setApplied(filters), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters, listId]);
  return { filters, setFilters, applied };
}

export function FilterPopup({ filters, setFilters, listId }: { filters: TaskFilterParams; setFilters: (f: TaskFilterParams) => void; listId?: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useOutsidePress([ref], open, () => setOpen(false));
  const count = activeFilterCount(filters);
  return (
    <div className="filter-popup-wrap" ref={ref} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" className="btn btn-secondary" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((o) => !o)}>
        {t('task.filters.button')}
        {count > 0 && <span className="filter-count">{count}</span>}
      </button>
      {open && (
        <div className="filter-popup" role="dialog" aria-label={t('task.filters.title')}>
          <Suspense fallback={null}>
            <TaskFilters value={filters} onChange={setFilters} listId={listId} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
