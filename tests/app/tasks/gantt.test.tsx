// The gantt view: range from the query, bars from dates, key moves saved once they pause, read-only charts, rollback on a refused save.
import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Provider } from 'jotai/react';
import { addDays, endOfDay, startOfDay } from 'date-fns';
import { appStore } from '../../../src/state/store';
import {
  DAY_WIDTH,
  NEW_TASK_DAYS,
  barOf,
  datesForBar,
  ganttDueQuery,
  ganttQuery,
  inRange,
  rangeFromQuery,
  shiftBar,
  sortForGantt,
} from '../../../src/views/lists/gantt/ganttModel';
import { GanttChart, KEY_SAVE_DELAY_MS, TITLE_WIDTH } from '../../../src/views/lists/gantt/GanttChart';
import { makeTask, renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/lists', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/lists')>()),
  getList: vi.fn(async (id: number) => ({ id, title: 'Garden', maxRight: 2, isArchived: false, hexColor: '', isFavorite: false })),
}));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  getListTasks: vi.fn(),
  updateTask: vi.fn(),
}));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));

const NOW = new Date(2026, 10, 22, 10, 30);
const from = startOfDay(addDays(NOW, -15));
const range = { from, to: startOfDay(addDays(NOW, 55)), showUndated: false, showDone: false };

// The virtualiser measures its scroll element; jsdom has no layout, so give every element a size.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('gantt model', () => {
  it('takes the range from the query and falls back to 15 days before / 55 after today', () => {
    const def = rangeFromQuery(new URLSearchParams(), NOW);
    expect(def.problem).toBeNull();
    expect(def.range.from).toEqual(from);
    expect(def.range.to).toEqual(startOfDay(addDays(NOW, 55)));
    const set = rangeFromQuery(new URLSearchParams('dateFrom=2026-01-01&dateTo=2026-03-31&showTasksWithoutDates=true&showDoneTasks=true'), NOW);
    expect(set.range).toEqual({ from: new Date(2026, 0, 1), to: new Date(2026, 2, 31), showUndated: true, showDone: true });
    expect(rangeFromQuery(new URLSearchParams('dateFrom=banana'), NOW).problem).toBe('invalidDate');
    expect(rangeFromQuery(new URLSearchParams('dateFrom=2026-05-01&dateTo=2026-04-01'), NOW)).toMatchObject({ problem: 'endBeforeStart', range: { from } });
    expect(rangeFromQuery(new URLSearchParams('dateFrom=2020-01-01&dateTo=2026-01-01'), NOW).problem).toBe('tooLong');
  });

  it('places bars in days from the range start; one date gives one day, none a placeholder from today', () => {
    const task = makeTask({ startDate: new Date(2026, 10, 20, 9), endDate: new Date(2026, 10, 24, 17) });
    expect(barOf(task, from, NOW)).toEqual({ startDay: 13, endDay: 17, undated: false });
    expect(barOf(makeTask({ endDate: new Date(2026, 10, 24) }), from, NOW)).toEqual({ startDay: 17, endDay: 17, undated: true });
    expect(barOf(makeTask(), from, NOW)).toEqual({ startDay: 15, endDay: 15 + NEW_TASK_DAYS - 1, undated: true });
  });

  it('draws a task with only a due date as one day on it, and a start with a due date from one to the other', () => {
    const due = makeTask({ dueDate: new Date(2026, 10, 25, 12) });
    expect(barOf(due, from, NOW)).toEqual({ startDay: 18, endDay: 18, undated: true });
    expect(barOf(makeTask({ startDate: new Date(2026, 10, 21), dueDate: new Date(2026, 10, 25) }), from, NOW)).toEqual({
      startDay: 14,
      endDay: 18,
      undated: true,
    });
    // Shown without "show tasks without dates" while due in the range; not when due outside it.
    expect(inRange(due, range)).toBe(true);
    expect(inRange(makeTask({ dueDate: addDays(range.to, 3) }), range)).toBe(false);
    expect(inRange(makeTask(), range)).toBe(false);
    expect(inRange(makeTask(), { ...range, showUndated: true })).toBe(true);
    expect(ganttDueQuery(range).filters).toEqual([
      { field: 'due_date', comparator: 'greater_equals', value: from.toISOString() },
      { field: 'due_date', comparator: 'less_equals', value: endOfDay(range.to).toISOString() },
      { field: 'done', comparator: 'equals', value: 'false' },
    ]);
  });

  it('moves, and changes either end without passing the other', () => {
    const bar = { startDay: 3, endDay: 5, undated: false };
    expect(shiftBar(bar, 'move', -2)).toEqual({ startDay: 1, endDay: 3, undated: false });
    expect(shiftBar(bar, 'end', 4).endDay).toBe(9);
    expect(shiftBar(bar, 'end', -9).endDay).toBe(3);
    expect(shiftBar(bar, 'start', 9).startDay).toBe(5);
  });

  it('keeps times of day when dates move; fresh dates span whole days', () => {
    const task = makeTask({ startDate: new Date(2026, 10, 20, 9, 15), endDate: new Date(2026, 10, 24, 17) });
    const moved = datesForBar(task, shiftBar(barOf(task, from, NOW), 'move', 2), from);
    expect(moved).toEqual({ startDate: new Date(2026, 10, 22, 9, 15), endDate: new Date(2026, 10, 26, 17) });
    const fresh = datesForBar(makeTask(), barOf(makeTask(), from, NOW), from);
    expect(fresh).toEqual({ startDate: startOfDay(NOW), endDate: endOfDay(addDays(NOW, NEW_TASK_DAYS - 1)) });
  });

  it('asks for tasks overlapping the range, undone unless asked, with nulls only for undated', () => {
    const q = ganttQuery(range);
    expect(q.filters).toEqual([
      { field: 'start_date', comparator: 'less_equals', value: endOfDay(range.to).toISOString() },
      { field: 'end_date', comparator: 'greater_equals', value: from.toISOString() },
      { field: 'done', comparator: 'equals', value: 'false' },
    ]);
    expect(q.filterConcat).toBe('and');
    expect(q.filterIncludeNulls).toBe(false);
    expect(ganttQuery({ ...range, showDone: true, showUndated: true })).toMatchObject({ filterIncludeNulls: true, filters: [{}, {}] });
  });

  it('sorts dated tasks by start and undated ones last, and re-checks membership after an edit', () => {
    const a = makeTask({ id: 1, startDate: new Date(2026, 10, 25), endDate: new Date(2026, 10, 26) });
    const b = makeTask({ id: 2, startDate: new Date(2026, 10, 21), endDate: new Date(2026, 10, 22) });
    const c = makeTask({ id: 3 });
    expect(sortForGantt([c, a, b]).map((t) => t.id)).toEqual([2, 1, 3]);
    expect(inRange(a, range)).toBe(true);
    expect(inRange({ ...a, done: true }, range)).toBe(false);
    expect(inRange(c, range)).toBe(false);
    expect(inRange(c, { ...range, showUndated: true })).toBe(true);
    expect(inRange({ ...a, startDate: new Date(2027, 5, 1), endDate: new Date(2027, 5, 2) }, range)).toBe(false);
  });
});

describe('GanttChart', () => {
  const task = makeTask({ id: 7, title: 'Dig beds', startDate: new Date(2026, 10, 20, 9), endDate: new Date(2026, 10, 24, 17) });

  it('draws a bar at its days with the title and dates as its name', () => {
    renderApp(<GanttChart tasks={[task]} range={range} canWrite onDates={vi.fn()} now={NOW} />);
    const bar = screen.getByRole('button', { name: /^Dig beds: / });
    expect(bar.style.left).toBe(`${TITLE_WIDTH + 13 * DAY_WIDTH}px`);
    expect(bar.style.width).toBe(`${5 * DAY_WIDTH}px`);
    expect(screen.getByRole('link', { name: 'Dig beds' })).toHaveAttribute('href', '/tasks/7');
  });

  it('saves arrow-key moves together once they pause: arrows move, shift+arrow the end, alt+arrow the start', async () => {
    vi.useFakeTimers();
    const onDates = vi.fn(async () => undefined);
    renderApp(<GanttChart tasks={[task]} range={range} canWrite onDates={onDates} now={NOW} />);
    const bar = screen.getByRole('button', { name: /^Dig beds: / });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(bar.style.left).toBe(`${TITLE_WIDTH + 15 * DAY_WIDTH}px`);
    expect(onDates).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS));
    expect(onDates).toHaveBeenCalledTimes(1);
    expect(onDates).toHaveBeenCalledWith(task, { startDate: new Date(2026, 10, 22, 9), endDate: new Date(2026, 10, 26, 17) });

    fireEvent.keyDown(bar, { key: 'ArrowRight', shiftKey: true });
    await act(async () => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS));
    expect(onDates).toHaveBeenLastCalledWith(task, { startDate: task.startDate, endDate: new Date(2026, 10, 25, 17) });

    fireEvent.keyDown(bar, { key: 'ArrowLeft', altKey: true });
    await act(async () => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS));
    expect(onDates).toHaveBeenLastCalledWith(task, { startDate: new Date(2026, 10, 19, 9), endDate: task.endDate });
  });

  it('is read-only without write rights: no handles, keys change nothing', async () => {
    vi.useFakeTimers();
    const onDates = vi.fn(async () => undefined);
    const { container } = renderApp(<GanttChart tasks={[task]} range={range} canWrite={false} onDates={onDates} now={NOW} />);
    const bar = screen.getByRole('button', { name: /^Dig beds: / });
    expect(container.querySelector('.gantt-handle')).toBeNull();
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    await act(async () => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS * 2));
    expect(onDates).not.toHaveBeenCalled();
    expect(bar.style.left).toBe(`${TITLE_WIDTH + 13 * DAY_WIDTH}px`);
  });

  it('shows a dashed placeholder for a task without dates; a key gives it dates', async () => {
    vi.useFakeTimers();
    const onDates = vi.fn(async () => undefined);
    const undated = makeTask({ id: 8, title: 'Someday' });
    renderApp(<GanttChart tasks={[undated]} range={{ ...range, showUndated: true }} canWrite onDates={onDates} now={NOW} />);
    const bar = screen.getByRole('button', { name: 'Someday: no dates yet' });
    expect(bar).toHaveClass('is-undated');
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    await act(async () => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS));
    expect(onDates).toHaveBeenCalledWith(undated, { startDate: startOfDay(addDays(NOW, 1)), endDate: endOfDay(addDays(NOW, NEW_TASK_DAYS)) });
  });
});

describe('GanttView', () => {
  const task = makeTask({ id: 7, title: 'Dig beds', listId: 3, startDate: startOfDay(new Date()), endDate: endOfDay(addDays(new Date(), 2)) });

  function renderView() {
    return import('../../../src/views/lists/GanttView').then(({ default: View }) =>
      render(
        <Provider store={appStore}>
          <MemoryRouter initialEntries={['/lists/3/gantt']}>
            <Routes>
              <Route path="/lists/:listId/gantt" element={<View />} />
            </Routes>
          </MemoryRouter>
        </Provider>,
      ),
    );
  }

  it('loads the range, and puts the old dates back with an error when the server refuses a move', async () => {
    tasksApi.getListTasks.mockResolvedValue({ items: [task], totalPages: 1, resultCount: 1 });
    tasksApi.updateTask.mockRejectedValue(new Error('refused'));
    await renderView();
    const bar = await screen.findByRole('button', { name: /^Dig beds: / });
    const query = tasksApi.getListTasks.mock.calls[0][1];
    expect(query.filters?.map((f) => f.field)).toEqual(['start_date', 'end_date', 'done']);
    const before = bar.style.left;
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(bar.style.left).not.toBe(before);
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalled(), { timeout: KEY_SAVE_DELAY_MS + 1000 });
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Dig beds: / }).style.left).toBe(before));
  });
});
