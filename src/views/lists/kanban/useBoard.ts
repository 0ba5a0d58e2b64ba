// The board of a list as the kanban view uses it: buckets and cards from the store, paging, collapsed buckets, and the kanban actions.
import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import * as actions from '../../../actions';
import type { BucketMeta } from '../../../state/kanbanBoard';
import { boardAtom, boardPagesAtom } from '../../../state/kanbanBoard';
import { appStore } from '../../../state/store';
import { UnfinishedError } from '../../../actions/quickAdd';
import { error as toastError } from '../../../app/toast';

const COLLAPSED_KEY = 'kanbanCollapsed';

function readCollapsed(): Record<string, boolean> {
  try {
    return JSON.parse(window.localStorage.getItem(COLLAPSED_KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

export function useBoard(listId: number) {
  const buckets = useAtomValue(boardAtom(listId));
  const pages = useAtomValue(boardPagesAtom(listId));
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>(readCollapsed);

  // A board seen before shows at once (it is in the store) while it loads again; the navigation's own load is joined.
  useEffect(() => void actions.buckets.open(listId), [listId]);

  /** Reads the store, not the render: drag and command handlers run between renders. */
  const findTask = useCallback(
    (id: number) =>
      appStore
        .get(boardAtom(listId))
        ?.flatMap((b) => b.tasks)
        .find((x) => x.id === id),
    [listId],
  );
  const bucketsNow = useCallback(() => appStore.get(boardAtom(listId)) ?? [], [listId]);

  const toggleCollapsed = (bucketId: number) =>
    setCollapsed((c) => {
      const next = { ...c, [bucketId]: !c[bucketId] };
      window.localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
      return next;
    });

  return {
    buckets,
    pages,
    collapsed,
    toggleCollapsed,
    findTask,
    bucketsNow,
    loadMore: (bucketId: number) => void actions.buckets.loadMore(listId, bucketId),
    saveBucket: (bucketId: number, change: Partial<BucketMeta>, message?: string) => void actions.buckets.update(listId, bucketId, change, message),
    createBucket: (title: string) => actions.buckets.create(listId, title),
    deleteBucket: (bucketId: number) => actions.buckets.remove(listId, bucketId),
    moveCard: (taskId: number, bucketId: number, index?: number, announce?: boolean) => actions.buckets.moveCard(listId, taskId, bucketId, index, { announce }),
    /** Quick-add in a bucket: tasks of this list land in it (others go to their own list). Throws so the text stays. */
    addCards: async (bucketId: number, text: string) => {
      try {
        await actions.quickAdd.addTasks(text, {
          currentListId: listId,
          prepare: (task, taskListId) => (taskListId === listId ? { ...task, bucketId } : task),
          // Also the cards of a text that did not finish: those tasks are saved.
          onCreated: (created) => actions.buckets.addCards(listId, created),
        });
      } catch (err) {
        if (!(err instanceof UnfinishedError)) void toastError(err);
        throw err;
      }
    },
  };
}
