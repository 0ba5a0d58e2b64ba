// Saved-filter form ⇄ API filter arrays: every attribute of part 2 §3 and the round trip.
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER_UI, fromFilterParams, toFilterParams, type FilterUi } from '../../../src/views/filters/filterForm';

describe('toFilterParams', () => {
  it('hides done tasks by default, requires all conditions and includes tasks without dates', () => {
    const p = toFilterParams(EMPTY_FILTER_UI);
    // filterIncludeNulls: true is the spec's default for a saved filter (part 2 §3), so the dialog starts with it.
    expect(p).toMatchObject({ filterBy: ['done'], filterValue: ['false'], filterComparator: ['equals'], filterConcat: 'and', filterIncludeNulls: true });
    expect(p.sortBy).toEqual(['done', 'id']);
    expect(p.orderBy).toEqual(['asc', 'desc']);
  });

  it('maps every attribute', () => {
    const ui: FilterUi = {
      ...EMPTY_FILTER_UI,
      showDone: true,
      sortBy: 'due_date',
      orderBy: 'desc',
      dueFrom: '2026-01-01',
      dueTo: '2026-01-31',
      startFrom: '2026-02-01',
      endTo: 'now+7d',
      labels: [3, 5],
      assignees: 'ann, bob',
      priority: 3,
      priorityComparator: 'greater_equals',
      percentDone: 50,
      includeNulls: true,
      requireAll: false,
    };
    const p = toFilterParams(ui);
    expect(p.filterBy).toEqual(['due_date', 'due_date', 'start_date', 'end_date', 'labels', 'assignees', 'priority', 'percent_done']);
    expect(p.filterComparator).toEqual(['greater_equals', 'less_equals', 'greater_equals', 'less_equals', 'in', 'in', 'greater_equals', 'equals']);
    expect(p.filterValue).toEqual(['2026-01-01', '2026-01-31', '2026-02-01', 'now+7d', '3,5', 'ann,bob', '3', '0.5']);
    expect(p).toMatchObject({ filterConcat: 'or', filterIncludeNulls: true, sortBy: ['due_date', 'id'], orderBy: ['desc', 'desc'] });
    expect(p.filterValue.every((v) => typeof v === 'string')).toBe(true);
  });

  it('round-trips through fromFilterParams', () => {
    const ui: FilterUi = {
      ...EMPTY_FILTER_UI,
      dueTo: '2026-03-01',
      labels: [7],
      assignees: 'ann',
      priority: 5,
      priorityComparator: 'equals',
      percentDone: 100,
    };
    expect(fromFilterParams(toFilterParams(ui))).toEqual(ui);
  });
});
