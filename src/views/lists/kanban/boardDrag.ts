// Where a dragged card would land on the board: the bucket under it, the place among its cards, and the arrow-key steps.
import type { RefObject } from 'react';
import { closestCorners, pointerWithin, type Active, type CollisionDetection, type KeyboardCoordinateGetter, type Over } from '@dnd-kit/core';
import { insertionIndex, keyboardStep } from '../views/dropPlace';
import { boxesWithout, grabbedTask } from '../views/lentDraggable';

/**
 * The drop target is the bucket under the pointer (or the closest one, for the keyboard); where the card lands in it
 * comes from the middles of its cards (`insertionIndex`). Cards are not drop targets themselves: with 250 of them,
 * dnd-kit measured each on every pointer move and re-rendered each whenever the card under the pointer changed.
 */
export const kanbanCollision: CollisionDetection = (args) => {
  const bucket = pointerWithin(args)[0] ?? closestCorners(args)[0];
  return bucket ? [bucket] : [];
};

export const bucketOf = (droppable: { data: { current?: unknown } } | null | undefined) => (droppable?.data.current as { bucketId?: number } | undefined)?.bucketId;

/** The middles (viewport y) of a bucket's cards, top to bottom, without the dragged one. */
function cardMiddles(board: HTMLElement | null, bucketId: number, activeId: number): number[] {
  const cards = board?.querySelectorAll<HTMLElement>(`[data-bucket-id="${bucketId}"] .kanban-card`) ?? [];
  return boxesWithout(cards, activeId).map((box) => box.middle);
}

export interface DropTarget {
  bucketId: number;
  index: number;
}

/** Where the dragged card would land now: the bucket under it and the place among that bucket's other cards. */
export function dropTarget(board: HTMLElement | null, active: Active, over: Over | null): DropTarget | null {
  const bucketId = bucketOf(over);
  const rect = active.rect.current.translated;
  if (bucketId === undefined || !rect) return null;
  return { bucketId, index: insertionIndex(cardMiddles(board, bucketId, grabbedTask(active)), rect.top + rect.height / 2) };
}

/** Arrow keys move a picked-up card one place up or down, or to the neighbouring bucket. */
export function keyboardCoordinates(board: RefObject<HTMLElement | null>): KeyboardCoordinateGetter {
  return (event, { context: { active, collisionRect, droppableRects, droppableContainers, over } }) => {
    if (!event.code.startsWith('Arrow')) return undefined;
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const buckets = droppableContainers
      .getEnabled()
      .flatMap((c) => {
        const box = droppableRects.get(c.id);
        const id = bucketOf(c);
        return box && id !== undefined ? [{ id, box }] : [];
      })
      .sort((a, b) => a.box.left - b.box.left);
    const bucketId = bucketOf(over);
    return keyboardStep(event.code, collisionRect, buckets, bucketId, bucketId === undefined ? [] : cardMiddles(board.current, bucketId, grabbedTask(active)));
  };
}
