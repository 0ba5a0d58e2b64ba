// A task added in a list view goes where the server's order will show it after a reload, not always on top.
import { describe, expect, it } from 'vitest';
import { appStore } from '../../../src/state/store';
import { addTasksToList, listTasksAtom } from '../../../src/state/tasks';
import { placeTasks } from '../../../src/state/taskOrder';
import { defaultFilters, filtersToQuery } from '../../../src/views/lists/views/taskFilters';
import { makeTask } from './fixtures';

const titles = (tasks: { title: string }[]) => tasks.map((t) => t.title);

describe('a new task in a list', () => {
  it('goes to the end of a list in the default order, where the server puts it (highest position)', () => {
    const a = listTasksAtom(901);
    const queryKey = JSON.stringify({ ...filtersToQuery(defaultFilters()), perPage: 50 });
    appStore.set(a, { tasks: [makeTask({ id: 1, title: 'A', position: 65536, listId: 901 }), makeTask({ id: 2, title: 'B', position: 131072, listId: 901 })], loading: false, loaded: true, queryKey });
    addTasksToList(901, [makeTask({ id: 3, title: 'New', position: 196608, listId: 901 })]);
    expect(titles(appStore.get(a).tasks)).toEqual(['A', 'B', 'New']);
  });

  it('follows the sort the list was loaded with: descending, by due date with empty dates last, by title', () => {
    const a = makeTask({ id: 1, title: 'b', priority: 1, dueDate: new Date(2030, 0, 2) });
    const b = makeTask({ id: 2, title: 'd', priority: 3, dueDate: null });
    const added = makeTask({ id: 3, title: 'c', priority: 2, dueDate: new Date(2030, 0, 1) });
    expect(titles(placeTasks([b, a], [added], { sortBy: ['priority', 'id'], orderBy: ['desc', 'desc'] }))).toEqual(['d', 'c', 'b']);
    expect(titles(placeTasks([a, b], [added], { sortBy: ['due_date', 'id'], orderBy: ['asc', 'desc'] }))).toEqual(['c', 'b', 'd']);
    expect(titles(placeTasks([a, b], [added], { sortBy: ['due_date', 'id'], orderBy: ['desc', 'desc'] }))).toEqual(['b', 'c', 'd']);
    expect(titles(placeTasks([a, b], [added], { sortBy: ['title'], orderBy: ['asc'] }))).toEqual(['b', 'c', 'd']);
  });

  it('keeps the order of several tasks added at once', () => {
    const added = [makeTask({ id: 5, title: 'one', position: 5 }), makeTask({ id: 6, title: 'two', position: 6 })];
    expect(titles(placeTasks([makeTask({ id: 1, title: 'old', position: 1 })], added, {}))).toEqual(['old', 'one', 'two']);
  });
});
