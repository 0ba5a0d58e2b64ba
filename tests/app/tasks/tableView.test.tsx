// The table view as a component: rows from the list's tasks, columns chosen and kept per list, sortable headers.
import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeTask, renderApp } from './fixtures';
import { setLanguage } from '../../../src/i18n';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/lists', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/lists')>()),
  getList: vi.fn(async (id: number) => ({ id, title: 'Orchard', maxRight: 1, isArchived: false, hexColor: '', isFavorite: false })),
}));
vi.mock('../../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../../src/api/tasks')>()), getListTasks: vi.fn() }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const { default: TableView, readColumns } = await import('../../../src/views/lists/TableView');

let nextList = 40;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  localStorage.clear();
  tasksApi.getListTasks.mockReset();
  tasksApi.getListTasks.mockImplementation(async (listId) => ({
    items: [
      makeTask({ id: 1, title: 'Plant pears', listId, identifier: 'ORC-1', priority: 3, percentDone: 0.5 }),
      makeTask({ id: 2, title: 'Net the cherries', listId, identifier: 'ORC-2', done: true }),
    ],
    totalPages: 1,
    total: 2,
    page: 1,
  }) as never);
});
afterEach(() => vi.restoreAllMocks());

async function open() {
  nextList += 1; // a fresh list each test: loaded tasks are kept per list while the app runs
  renderApp(<TableView params={{ listId: String(nextList) }} />);
  await screen.findByRole('link', { name: 'Plant pears' });
  return nextList;
}

describe('table view', () => {
  it('shows a row per task with the default columns', async () => {
    await open();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼]/g, '').trim())).toEqual(['#', 'Done', 'Title', 'Priority', 'Labels', 'Assignees', 'Due date', 'Percent done']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(expect.arrayContaining(['ORC-1', 'Plant pears', '50%']));
    expect(rows[1]).toHaveClass('is-done');
  });

  it('writes the percentage the way the language does (German puts a space before %, Swiss German does not)', async () => {
    await open();
    const cellOf = () => within(screen.getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent?.replace(/\u00a0/g, ' '));
    try {
      await setLanguage('de-DE', false);
      await waitFor(() => expect(cellOf()).toContain('50 %'));
      await setLanguage('de-swiss', false);
      await waitFor(() => expect(cellOf()).toContain('50%'));
    } finally {
      await setLanguage('en', false);
    }
  });

  it('keeps the chosen columns per list', async () => {
    const listId = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Created by' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Labels' }));
    expect(screen.getByRole('columnheader', { name: 'Created by' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Labels' })).toBeNull();
    expect(readColumns(listId)).toContain('createdBy');
    expect(readColumns(listId)).not.toContain('labels');
    expect(readColumns(listId + 100)).toContain('labels');
  });

  it('sorts by a header, ascending then descending, and says so', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(tasksApi.getListTasks).toHaveBeenLastCalledWith(expect.any(Number), expect.objectContaining({ sortBy: ['title', 'id'], orderBy: ['asc', 'desc'] })));
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(tasksApi.getListTasks).toHaveBeenLastCalledWith(expect.any(Number), expect.objectContaining({ sortBy: ['title', 'id'], orderBy: ['desc', 'desc'] })));
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('takes the focus on open, as the list view does, so j/k act at once instead of the page body holding it', async () => {
    await open();
    expect(document.activeElement).toBe(screen.getByRole('table'));
  });
});
