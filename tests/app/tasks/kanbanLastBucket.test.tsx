// The last kanban bucket cannot be removed (spec: the server refuses with 10003), so its Delete is not offered.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeTask, renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/lists', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/lists')>()),
  getList: vi.fn(async (id: number) => ({ id, title: 'Garden', maxRight: 2, isArchived: false, hexColor: '', isFavorite: false })),
}));
vi.mock('../../../src/api/buckets', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/buckets')>()),
  getBuckets: vi.fn(),
  deleteBucket: vi.fn(async () => undefined),
}));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  getListTasks: vi.fn(),
}));
const bucketsApi = vi.mocked(await import('../../../src/api/buckets'));
const { default: KanbanView } = await import('../../../src/views/lists/KanbanView');

const LIST = 15;
const bucket = (id: number, title: string) => ({ id, title, listId: LIST, limit: 0, isDoneBucket: false, position: id, tasks: [makeTask({ id: id * 10, title: `Card ${id}`, listId: LIST, bucketId: id })] });

async function openMenu(title: string) {
  renderApp(<KanbanView params={{ listId: String(LIST) }} />);
  await screen.findByRole('heading', { name: 'Garden' });
  fireEvent.click(await screen.findByRole('button', { name: `Options of ${title}` }));
  return screen.getByRole('button', { name: 'Delete the bucket' });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('kanban: last bucket', () => {
  it('does not offer Delete for the only bucket, and says why', async () => {
    bucketsApi.getBuckets.mockResolvedValue([bucket(1, 'To do')]);
    const del = await openMenu('To do');
    expect(del).toHaveAttribute('aria-disabled', 'true');
    expect(del).toHaveAccessibleDescription('The last bucket cannot be deleted.');
    fireEvent.click(del);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bucketsApi.deleteBucket).not.toHaveBeenCalled();
  });

  it('offers Delete while there are other buckets', async () => {
    bucketsApi.getBuckets.mockResolvedValue([bucket(1, 'To do'), bucket(2, 'Doing')]);
    const del = await openMenu('Doing');
    expect(del).not.toHaveAttribute('aria-disabled');
    fireEvent.click(del);
    await waitFor(() => expect(screen.getByText('Its tasks move to the default bucket.')).toBeInTheDocument());
  });
});
