// The kanban card commands: they act on the board's roving card, only with the focus on the board or from the palette.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kanbanCommands } from '../../commands/kanban';
import { createRegistry, type CommandContext } from '../../commands/registry';
import { setActiveBoard, type ActiveBoard } from '../../src/state/kanbanBoard';

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({ navigate: vi.fn(), routeName: 'list.kanban', signedIn: true, listId: 3, ...over });

function board(over: Partial<ActiveBoard> = {}): ActiveBoard {
  return {
    listId: 3,
    canWrite: true,
    cardId: () => 12,
    hasFocus: () => true,
    buckets: () => [
      { id: 1, title: 'To do', taskIds: [12] },
      { id: 2, title: 'Doing', taskIds: [] },
      { id: 3, title: 'Done', taskIds: [13] },
    ],
    open: vi.fn(),
    toggleDone: vi.fn(async () => undefined),
    askDelete: vi.fn(),
    moveToBucket: vi.fn(async () => undefined),
    ...over,
  };
}

const registry = createRegistry();
registry.registerAll(kanbanCommands);

afterEach(() => setActiveBoard(null));

describe('kanban card commands', () => {
  it('exist only on a board', () => {
    expect(registry.visible(ctx()).length).toBe(0);
    setActiveBoard(board());
    expect(registry.visible(ctx()).map((c) => c.id)).toEqual(['kanban.open', 'kanban.done', 'kanban.delete', 'kanban.moveToBucket']);
  });

  it('run on the focused card: open, done, delete asks first', async () => {
    const b = board();
    setActiveBoard(b);
    await registry.run('kanban.open', ctx());
    await registry.run('kanban.done', ctx());
    await registry.run('kanban.delete', ctx());
    expect(b.open).toHaveBeenCalledWith(12);
    expect(b.toggleDone).toHaveBeenCalledWith(12);
    expect(b.askDelete).toHaveBeenCalledWith(12);
  });

  it('offers the other buckets as picks and moves the card to the picked one', async () => {
    const b = board();
    setActiveBoard(b);
    const move = registry.get('kanban.moveToBucket')!;
    expect(await move.pick!.options(ctx(), '')).toEqual([
      { id: '2', title: 'Doing' },
      { id: '3', title: 'Done' },
    ]);
    await registry.run('kanban.moveToBucket', ctx(), '2');
    expect(b.moveToBucket).toHaveBeenCalledWith(12, 2);
  });

  it('are disabled, with the reason, away from the board’s focus (but not from the palette) and on read-only lists', () => {
    setActiveBoard(board({ hasFocus: () => false }));
    const done = registry.get('kanban.done')!;
    expect(registry.isEnabled(done, ctx())).toBe(false);
    expect(registry.isEnabled(done, ctx({ fromPalette: true }))).toBe(true);
    expect(registry.reasonFor(done, ctx())).toBe('task.kanban.commands.focusCard');
    setActiveBoard(board({ canWrite: false }));
    expect(registry.isEnabled(done, ctx())).toBe(false);
    expect(registry.reasonFor(done, ctx())).toBe('task.kanban.commands.readOnly');
    expect(registry.isEnabled(registry.get('kanban.open')!, ctx())).toBe(true);
  });
});
