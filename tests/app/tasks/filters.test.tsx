// The filter popup and its query: show done, sort, date ranges, labels, assignees, priority, percent done, search.
import '../cmdkDom';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TaskFilters } from '../../../src/views/lists/views/TaskFilters';
import { defaultFilters, filtersToQuery, activeFilterCount, type TaskFilterParams } from '../../../src/views/lists/views/taskFilters';
import { appStore } from '../../../src/state/store';
import { labelsAtom } from '../../../src/state/namespaces';
import { renderApp } from './fixtures';

vi.mock('../../../src/api/assignees', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/assignees')>()),
  listUsers: vi.fn(async () => [
    { id: 1, username: 'alice', name: 'Alice Liddell' },
    { id: 2, username: 'bob', name: '' },
  ]),
  searchUsers: vi.fn(async (q: string) => ('carol'.includes(q.toLowerCase()) ? [{ id: 3, username: 'carol', name: 'Carol' }] : [])),
}));

function Harness({ onChange, listId }: { onChange: (v: TaskFilterParams) => void; listId?: number }) {
  const [v, setV] = useState(defaultFilters());
  return (
    <TaskFilters
      listId={listId}
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
    fireEvent.change(screen.getByRole('combobox', { name: 'Priority' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Percent done' }), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'milk' } });
    const last = onChange.mock.calls.at(-1)![0] as TaskFilterParams;
    expect(last).toMatchObject({ showDone: true, sortBy: 'priority', dueFrom: 'now', endTo: 'now+1w', labelIds: [3], priority: 4, percentDone: 30, search: 'milk' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset the filters' }));
    expect(onChange.mock.calls.at(-1)![0]).toEqual(defaultFilters());
  });

  it('picks assignees with the keyboard from a partial name: the list\'s people at once, others from the server', async () => {
    const onChange = vi.fn();
    renderApp(<Harness onChange={onChange} listId={7} />);
    expect(screen.queryByRole('textbox', { name: 'Assignees' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Assignees' }));
    const input = screen.getByRole('combobox', { name: 'Assignees' });
    expect(document.activeElement).toBe(input);
    await screen.findByRole('option', { name: /Alice Liddell/ });
    fireEvent.change(input, { target: { value: 'ali' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange.mock.calls.at(-1)![0]).toMatchObject({ assignees: ['alice'] });
    // Enter closed the picker and gave the focus back to its button; a chip says who is chosen and removes them.
    const button = screen.getByRole('button', { name: 'Assignees' });
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole('button', { name: 'Remove Alice Liddell from the filter' })).toBeInTheDocument();

    // Someone outside the list is found by the server search.
    fireEvent.click(button);
    const again = screen.getByRole('combobox', { name: 'Assignees' });
    fireEvent.change(again, { target: { value: 'car' } });
    await waitFor(() => expect(screen.getByRole('option', { name: /Carol/ })).toHaveAttribute('aria-selected', 'true'));
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(onChange.mock.calls.at(-1)![0]).toMatchObject({ assignees: ['alice', 'carol'] });
    expect(filtersToQuery(onChange.mock.calls.at(-1)![0] as TaskFilterParams).filters).toContainEqual({ field: 'assignees', comparator: 'in', value: 'alice,carol' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Alice Liddell from the filter' }));
    expect(onChange.mock.calls.at(-1)![0]).toMatchObject({ assignees: ['carol'] });
  });
});
