// The saved view per list (key listView) and the recently viewed lists.
import { describe, expect, it, beforeEach } from 'vitest';
import { savedListView, saveListView } from '../../../src/state/listView';
import { addRecentList, recentListIdsAtom } from '../../../src/state/recentLists';
import { appStore } from '../../../src/state/store';
import { moveTask } from '../../../src/views/lists/views/reorder';
import { taskFromApi } from '../../../src/api/tasks';

beforeEach(() => localStorage.clear());

describe('listView storage', () => {
  it('defaults to list.list and remembers a view per list', () => {
    expect(savedListView(4)).toBe('list.list');
    saveListView(4, 'list.kanban');
    saveListView(5, 'list.table');
    expect(savedListView(4)).toBe('list.kanban');
    expect(savedListView(5)).toBe('list.table');
  });
  it('never saves settings views', () => {
    saveListView(4, 'list.settings.edit');
    expect(savedListView(4)).toBe('list.list');
  });
  it('clears a legacy string value', () => {
    localStorage.setItem('listView', 'list.kanban');
    expect(savedListView(4)).toBe('list.list');
    expect(localStorage.getItem('listView')).toBeNull();
  });
});

describe('recent lists', () => {
  it('keeps at most 5, newest first, without duplicates', () => {
    appStore.set(recentListIdsAtom, []);
    for (const id of [1, 2, 3, 4, 5, 6, 3]) addRecentList(id);
    expect(appStore.get(recentListIdsAtom)).toEqual([3, 6, 5, 4, 2]);
    expect(JSON.parse(localStorage.getItem('listHistory')!)).toEqual([{ id: 3 }, { id: 6 }, { id: 5 }, { id: 4 }, { id: 2 }]);
  });
});

describe('moveTask (position rule)', () => {
  const tasks = [100, 200, 300].map((position, i) => taskFromApi({ id: i + 1, title: String(i), position }));
  it('midpoint between neighbours, +65536 at the end, half at the top', () => {
    expect(moveTask(tasks, tasks[2], 1).position).toBe(150);
    expect(moveTask(tasks, tasks[0], 2).position).toBe(300 + 65536);
    expect(moveTask(tasks, tasks[2], 0).position).toBe(50);
    expect(moveTask([tasks[0]], tasks[0], 0).position).toBe(0);
    expect(moveTask(tasks, tasks[2], 0).tasks.map((t) => t.id)).toEqual([3, 1, 2]);
  });
});
