// Kanban card commands: open, done, delete and move to a bucket, for the card holding the board's roving focus.
import { defineCommands, type Command, type CommandContext } from './registry';
import { activeBoard } from '../src/state/kanbanBoard';

/** The card keys apply while the focus is on the board, or the palette (opened from it) is acting for it. */
function focusedCard(): number | null {
  const board = activeBoard();
  if (!board) return null;
  return board.cardId();
}

const onBoard = (ctx: CommandContext) => ctx.signedIn && activeBoard() !== null;
const cardFocused = () => focusedCard() !== null && (activeBoard()?.hasFocus() ?? false);
const canWrite = () => activeBoard()?.canWrite ?? false;

function card<const Id extends string>(
  id: Id,
  key: string | null,
  run: (taskId: number, ctx: CommandContext, input?: string) => void | Promise<void>,
  write: boolean,
): Command<`kanban.${Id}`> {
  return {
    id: `kanban.${id}` as const,
    title: `task.kanban.commands.${id}`,
    section: 'kanban',
    keys: key ? [key] : undefined,
    visible: onBoard,
    // The palette takes the focus from the board; the card it acts on is the one the board last had focused.
    enabled: (ctx) => focusedCard() !== null && (!write || canWrite()) && (cardFocused() || !!ctx.fromPalette),
    disabledReason: () => (write && !canWrite() ? 'task.kanban.commands.readOnly' : 'task.kanban.commands.focusCard'),
    run: (ctx, input) => {
      const taskId = focusedCard();
      if (taskId !== null) return run(taskId, ctx, input);
    },
  };
}

export const kanbanCommands = defineCommands([
  card('open', 'Enter', (taskId) => activeBoard()?.open(taskId), false),
  card('done', 't', (taskId) => activeBoard()?.toggleDone(taskId), true),
  card('delete', 'Delete', (taskId) => activeBoard()?.askDelete(taskId), true),
  {
    ...card(
      'moveToBucket',
      'b',
      async (taskId, _ctx, input) => {
        const bucketId = Number(input);
        if (Number.isInteger(bucketId) && bucketId > 0) await activeBoard()?.moveToBucket(taskId, bucketId);
      },
      true,
    ),
    pick: {
      placeholder: 'task.kanban.commands.pickBucket',
      // Every bucket but the card's own.
      options: () => {
        const board = activeBoard();
        const taskId = focusedCard();
        if (!board || taskId === null) return [];
        return board
          .buckets()
          .filter((b) => !b.taskIds.includes(taskId))
          .map((b) => ({ id: String(b.id), title: b.title }));
      },
    },
  },
]);
