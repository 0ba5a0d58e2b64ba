// The filter popup and its query: show done, sort, date ranges, labels, assignees, priority, percent done, search.
import '../cmdkDom';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { TaskFilters } from '../../../src/views/lists/views/TaskFilters';
import { defaultFilters, filtersToQuery, activeFilterCount, type TaskFilterParams } from '../../../src/views/lists/views/taskFilters';
import { appStore } from '../../../src/state/store';
import { labelsAtom } from '../../../src/state/namespaces';
import { renderApp } from './fixtures';

function Harness({ onChange }: { onChange: (v: TaskFilterParams) => void }) {
  const [v, setV] = useState(defaultFilters());
  return (
    <TaskFilters
      value={v}
      onChange={(next) => {
        setV(next);
        onChange(next);
      }}
    />
  );
}

describe('filtersToQuery', () => {
  it('hides done tasks by default and sorts by position then id', () => {
    const q = filtersToQuery(defaultFilters());
    expect(q.filters).toEqual([{ field: 'done', comparator: 'equals', value: 'false' }]);
    expect(q.sortBy).toEqual(['position', 'id']);
    expect(q.orderBy).toEqual(['asc', 'desc']);
    expect(q.filterConcat).toBe('and');
  });
  it('turns every filter into a condition', () => {
    const q = filtersToQuery({
      ...defaultFilters(),
      showDone: true,
      dueFrom: 'now',
      dueTo: 'now+7d',
      reminderFrom: '2026-01-01',
      labelIds: [3, 4],
      assignees: ['ann', 'bob'],
      priority: 3,
      percentDone: 50,
      search: ' milk ',
      sortBy: 'due_date',
      orderBy: 'desc',
    });
    expect(q.filters).toEqual([
      { field: 'due_date', comparator: 'greater_equals', value: 'now' },
      { field: 'due_date', comparator: 'less_equals', value: 'now+7d' },
      { field: 'reminders', comparator: 'greater_equals', value: '2026-01-01' },
      { field: 'labels', comparator: 'in', value: '3,4' },
      { field: 'assignees', comparator: 'in', value: 'ann,bob' },
      { field: 'priority', comparator: 'greater_equals', value: '3' },
      { field: 'percent_done', comparator: 'greater_equals', value: '0.5' },
    ]);
    expect(q.s).toBe('milk');
    expect(q.sortBy).toEqual(['due_date', 'id']);
    expect(q.orderBy).toEqual(['desc', 'desc']);
  });
  it('counts active filters', () => {
    expect(activeFilterCount(defaultFilters())).toBe(0);
    expect(activeFilterCount({ ...defaultFilters(), showDone: true, priority: 2, search: 'x' })).toBe(3);
  });
});

describe('TaskFilters', () => {
  it('changes each filter through accessible controls', () => {
    appStore.set(labelsAtom, [{ id: 3, title: 'home', description: '', hexColor: 'e8e8e8', textColor: '4a4a4a', maxRight: null }]);
    const onChange = vi.fn();
    renderApp(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show done tasks' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'priority' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Due date from' }), { target: { value: 'now' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'End date until' }), { target: { value: 'now+1w' } });
    fireEvent.click(screen.getByRole('button', { name: 'Labels' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Labels' }), { target: { value: 'hom' } });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Labels' }), { key: 'Enter' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Assignees' }), { target: { value: 'ann, bob' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Priority' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Percent done' }), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'milk' } });
    const last = onChange.mock.calls.at(-1)![0] as TaskFilterParams;
    expect(last).toMatchObject({ showDone: true, sortBy: 'priority', dueFrom: 'now', endTo: 'now+1w', labelIds: [3], assignees: ['ann', 'bob'], priority: 4, percentDone: 30, search: 'milk' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset the filters' }));
    expect(onChange.mock.calls.at(-1)![0]).toEqual(defaultFilters());
  });
});
