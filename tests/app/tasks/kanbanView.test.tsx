// The kanban board as a component: buckets and cards, the per-bucket quick-add, ctrl+click done, bucket saves rolled back.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeTask, renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/lists', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/lists')>()),
  getList: vi.fn(async (id: number) => ({ id, title: 'Garden', maxRight: 2, isArchived: false, hexColor: '', isFavorite: false })),
}));
vi.mock('../../../src/api/buckets', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/buckets')>()),
  getBuckets: vi.fn(),
  updateBucket: vi.fn(),
}));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  createTask: vi.fn(),
  updateTask: vi.fn(),
  getListTasks: vi.fn(),
}));
vi.mock('../../../src/api/labels', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/labels')>()),
  getAllLabels: vi.fn(async () => []),
  createLabel: vi.fn(async ({ title }: { title: string }) => ({ id: 9, title, hexColor: '', description: '' })),
}));
vi.mock('../../../src/api/taskLabels', () => ({ addLabelToTask: vi.fn(async () => undefined) }));
const bucketsApi = vi.mocked(await import('../../../src/api/buckets'));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const taskLabels = vi.mocked(await import('../../../src/api/taskLabels'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { default: KanbanView } = await import('../../../src/views/lists/KanbanView');

const LIST = 14;
function board() {
  return [
    { id: 1, title: 'To do', listId: LIST, limit: 0, isDoneBucket: false, position: 1, tasks: [makeTask({ id: 11, title: 'Dig beds', listId: LIST, bucketId: 1, kanbanPosition: 65536 })] },
    { id: 2, title: 'Done', listId: LIST, limit: 0, isDoneBucket: true, position: 2, tasks: [] },
  ];
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  bucketsApi.getBuckets.mockResolvedValue(board());
});

describe('kanban view', () => {
  it('shows buckets with their cards and counts', async () => {
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    const todo = await screen.findByRole('region', { name: 'To do' });
    expect(within(todo).getByText('Dig beds')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Done' })).toHaveClass('is-done-bucket');
  });

  it('adds a task to a bucket with the quick-add syntax: title, label and priority parsed, bucket set', async () => {
    tasksApi.createTask.mockImplementation(async (listId, task) => makeTask({ ...task, id: 12, listId, labels: [] }));
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    const input = await screen.findByRole('textbox', { name: 'Add a task to Done' });
    fireEvent.change(input, { target: { value: 'Water roses *garden !3' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(tasksApi.createTask).toHaveBeenCalled());
    const [listId, sent] = tasksApi.createTask.mock.calls[0];
    expect(listId).toBe(LIST);
    expect(sent).toMatchObject({ title: 'Water roses', priority: 3, bucketId: 2 });
    await waitFor(() => expect(taskLabels.addLabelToTask).toHaveBeenCalledWith(12, 9));
    expect(await within(screen.getByRole('region', { name: 'Done' })).findByText('Water roses')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('keeps the typed text when creating fails', async () => {
    tasksApi.createTask.mockRejectedValue(Object.assign(new Error('The bucket limit was reached.'), { code: 10004 }));
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    const input = await screen.findByRole('textbox', { name: 'Add a task to To do' });
    fireEvent.change(input, { target: { value: 'Mulch' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    await waitFor(() => expect(input).toHaveValue('Mulch'));
  });

  it('ctrl+click on a card marks it done', async () => {
    tasksApi.updateTask.mockImplementation(async (task) => ({ ...task }) as never);
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    const link = await screen.findByRole('link', { name: /Dig beds/ });
    // Write access comes with the list, which may load after the buckets.
    await screen.findByRole('heading', { name: 'Garden' });
    fireEvent.click(link, { ctrlKey: true });
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalledWith(expect.objectContaining({ id: 11, done: true }), expect.anything()), { timeout: 3000 });
  });

  it('Enter in a bucket title saves it and keeps the focus there, not on the page', async () => {
    bucketsApi.updateBucket.mockImplementation(async (b) => ({ ...b, tasks: [] }) as never);
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    await screen.findByRole('button', { name: 'Options of To do' });
    const title = within(screen.getByRole('region', { name: 'To do' })).getByRole('textbox', { name: 'Bucket title' });
    title.focus();
    fireEvent.change(title, { target: { value: 'Next up' } });
    fireEvent.keyDown(title, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(bucketsApi.updateBucket).toHaveBeenCalledWith(expect.objectContaining({ id: 1, title: 'Next up' }), expect.anything()));
    expect(title).toHaveFocus();
    expect(bucketsApi.updateBucket).toHaveBeenCalledTimes(1);
  });

  it('rolls a refused bucket change back and says why', async () => {
    bucketsApi.updateBucket.mockRejectedValue(new Error('There can be only one done bucket per list.'));
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Options of To do' }));
    const checkbox = within(screen.getByRole('group', { name: 'Options of To do' })).getByRole('checkbox', { name: 'Done bucket' });
    fireEvent.click(checkbox);
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(screen.getByRole('region', { name: 'To do' })).not.toHaveClass('is-done-bucket');
    expect(checkbox).not.toBeChecked();
  });

  it('loads the next 25 cards of a bucket at once while its cards do not fill the column', async () => {
    const first = Array.from({ length: 25 }, (_, i) => makeTask({ id: 100 + i, title: `Card ${i}`, listId: LIST, bucketId: 1, kanbanPosition: (i + 1) * 65536 }));
    bucketsApi.getBuckets.mockResolvedValue([{ ...board()[0], tasks: first }, board()[1]]);
    const more = [makeTask({ id: 200, title: 'Card 25', listId: LIST, bucketId: 1, kanbanPosition: 26 * 65536 })];
    tasksApi.getListTasks.mockResolvedValue({ items: more, totalPages: 2, total: 26, page: 2 } as never);
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    expect(await screen.findByText('Card 25')).toBeInTheDocument();
    expect(tasksApi.getListTasks).toHaveBeenCalledTimes(1);
    expect(tasksApi.getListTasks.mock.calls[0][1]).toMatchObject({ page: 2, perPage: 25, filters: [{ field: 'bucket_id', comparator: 'equals', value: '1' }] });
    expect(within(screen.getByRole('region', { name: 'To do' })).getAllByRole('link')).toHaveLength(26);
  });
});

describe('kanban by keyboard and mouse', () => {
  function fullBoard() {
    return [
      {
        ...board()[0],
        tasks: [
          makeTask({ id: 11, title: 'Dig beds', listId: LIST, bucketId: 1, kanbanPosition: 1 }),
          makeTask({ id: 12, title: 'Sow peas', listId: LIST, bucketId: 1, kanbanPosition: 2 }),
        ],
      },
      board()[1],
    ];
  }

  it('is one Tab stop: only the first card is tabbable; arrows move the focus between cards and buckets without picking up', async () => {
    bucketsApi.getBuckets.mockResolvedValue(fullBoard());
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    const dig = await screen.findByRole('link', { name: /Dig beds/ });
    const sow = screen.getByRole('link', { name: /Sow peas/ });
    expect(dig).toHaveAttribute('tabindex', '0');
    expect(sow).toHaveAttribute('tabindex', '-1');
    dig.focus();
    fireEvent.keyDown(dig, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(sow).toHaveFocus();
    await waitFor(() => expect(sow).toHaveAttribute('tabindex', '0'));
    expect(dig).toHaveAttribute('tabindex', '-1');
    // The empty done bucket is a stop of its own.
    fireEvent.keyDown(sow, { key: 'ArrowRight', code: 'ArrowRight' });
    const empty = within(screen.getByRole('region', { name: 'Done' })).getByText('No tasks here yet.');
    expect(empty).toHaveFocus();
    fireEvent.keyDown(empty, { key: 'ArrowLeft', code: 'ArrowLeft' });
    expect(dig).toHaveFocus();
    // Nothing was picked up: no card is marked as being dragged.
    expect(document.querySelector('.kanban-card.is-dragging')).toBeNull();
  });

  it('is one Tab stop for the headers and add boxes too: arrows reach every bucket control, Tab does not', async () => {
    bucketsApi.getBuckets.mockResolvedValue(fullBoard());
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    const dig = await screen.findByRole('link', { name: /Dig beds/ });
    // Write access (the menus and add boxes) comes with the list.
    await screen.findByRole('button', { name: 'Options of To do' });
    const tabbable = () => [...document.querySelectorAll<HTMLElement>('.kanban-board a[href], .kanban-board button, .kanban-board input, .kanban-board [tabindex]')].filter((el) => el.tabIndex >= 0);
    expect(tabbable()).toEqual([dig]);

    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key, code: key });
    dig.focus();
    press('ArrowUp');
    expect(screen.getByRole('button', { name: 'Collapse To do' })).toHaveFocus();
    expect(tabbable()).toEqual([screen.getByRole('button', { name: 'Collapse To do' })]);
    press('ArrowRight');
    const title = within(screen.getByRole('region', { name: 'To do' })).getByRole('textbox', { name: 'Bucket title' }) as HTMLInputElement;
    expect(title).toHaveFocus();
    // Inside the title the arrows move the caret until it reaches the end of the text.
    title.setSelectionRange(2, 2);
    press('ArrowRight');
    expect(title).toHaveFocus();
    title.setSelectionRange(title.value.length, title.value.length);
    press('ArrowRight');
    expect(screen.getByRole('button', { name: 'Options of To do' })).toHaveFocus();
    press('ArrowRight');
    expect(screen.getByRole('button', { name: 'Collapse Done' })).toHaveFocus();
    press('ArrowDown');
    const empty = within(screen.getByRole('region', { name: 'Done' })).getByText('No tasks here yet.');
    expect(empty).toHaveFocus();
    press('ArrowDown');
    expect(screen.getByRole('textbox', { name: 'Add a task to Done' })).toHaveFocus();
    press('ArrowUp');
    expect(empty).toHaveFocus();
    expect(tabbable()).toEqual([empty]);
  });

  it('has list items only in its card lists and no control inside another', async () => {
    bucketsApi.getBuckets.mockResolvedValue(fullBoard());
    renderApp(<KanbanView params={{ listId: String(LIST) }} />);
    await screen.findByRole('link', { name: /Dig beds/ });
    for (const ul of document.querySelectorAll('.kanban-cards')) {
      for (const child of ul.children) expect(child.tagName === 'LI' && !child.hasAttribute('role')).toBe(true);
    }
    for (const card of document.querySelectorAll('.kanban-card')) {
      expect(card.getAttribute('role')).toBeNull();
      expect(card.hasAttribute('tabindex')).toBe(false);
    }
  });

  it('a click anywhere on a card opens it', async () => {
    bucketsApi.getBuckets.mockResolvedValue(fullBoard());
    const { container } = renderApp(
      <Routes>
        <Route path="/" element={<KanbanView params={{ listId: String(LIST) }} />} />
        <Route path="/tasks/:id" element={<p>Task page</p>} />
      </Routes>,
    );
    await screen.findByRole('link', { name: /Sow peas/ });
    fireEvent.click(container.querySelector('.kanban-card[data-task-id="12"]')!);
    expect(await screen.findByText('Task page')).toBeInTheDocument();
  });
});

const { kanbanCollision } = await import('../../../src/views/lists/kanban/boardDrag');
describe('kanban collisions', () => {
  const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height, right: left + width, bottom: top + height });
  const droppable = (id: string, bucketId: number) => ({ id, key: id, data: { current: { bucketId } }, disabled: false, node: { current: null }, rect: { current: null } });
  // Three buckets 300 px wide with 20 px between them; the cards are not drop targets, only the buckets.
  const containers = [droppable('bucket-1', 1), droppable('bucket-2', 2), droppable('bucket-3', 3)];
  const rects = new Map<string, ReturnType<typeof rect>>([
    ['bucket-1', rect(0, 0, 300, 800)],
    ['bucket-2', rect(320, 0, 300, 800)],
    ['bucket-3', rect(640, 0, 300, 800)],
  ]);
  const at = (x: number, y: number, pointer = true) =>
    kanbanCollision({
      active: { id: 'grab-1' } as never,
      collisionRect: rect(x - 140, y - 30, 280, 60),
      droppableRects: rects as never,
      droppableContainers: containers as never,
      pointerCoordinates: pointer ? { x, y } : null,
    }).map((c) => c.id);

  it('is the one bucket under the pointer', () => {
    expect(at(150, 130)).toEqual(['bucket-1']);
    expect(at(470, 300)).toEqual(['bucket-2']);
    // Just inside bucket 2: the dragged card still mostly covers bucket 1, the pointer decides.
    expect(at(322, 300)).toEqual(['bucket-2']);
  });

  it('between buckets, and without a pointer (keyboard), is the closest bucket', () => {
    expect(at(638, 300)).toEqual(['bucket-3']);
    expect(at(302, 300)).toEqual(['bucket-1']);
    expect(at(470, 80, false)).toEqual(['bucket-2']);
  });
});
