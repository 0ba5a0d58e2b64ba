// The sidebar drag rule as a pure function: where a dropped list lands, or null when the move is not allowed.
import type { Namespace } from '../../api/namespaces';
import type { List } from '../../api/lists';
import { positionBetween } from '../../state/position';

/** What the list was dropped on: another list of a namespace, or a namespace itself (e.g. an empty one). */
export type DropTarget = { namespaceId: number; listId?: number };

export interface ListDrop {
  list: List;
  namespaceId: number;
  position: number;
}

/**
 * Moves are only between real namespaces (pseudo ones, id < 0, show copies); dropping a list on itself
 * or where it already is changes nothing.
 */
export function computeListDrop(namespaces: Namespace[], from: { namespaceId: number; listId: number }, over: DropTarget): ListDrop | null {
  if (from.namespaceId <= 0 || over.namespaceId <= 0) return null;
  const source = namespaces.find((n) => n.id === from.namespaceId);
  const target = namespaces.find((n) => n.id === over.namespaceId);
  if (!source || !target) return null;
  const list = source.lists.find((l) => l.id === from.listId);
  if (!list) return null;

  let ordered: List[];
  if (source.id === target.id) {
    const fromIndex = target.lists.findIndex((l) => l.id === list.id);
    const toIndex = over.listId === undefined ? target.lists.length - 1 : target.lists.findIndex((l) => l.id === over.listId);
    if (toIndex < 0 || toIndex === fromIndex) return null;
    ordered = [...target.lists];
    ordered.splice(fromIndex, 1);
    ordered.splice(toIndex, 0, list);
  } else {
    const others = target.lists.filter((l) => l.id !== list.id);
    const overIndex = over.listId === undefined ? -1 : others.findIndex((l) => l.id === over.listId);
    const at = overIndex < 0 ? others.length : overIndex;
    ordered = [...others.slice(0, at), list, ...others.slice(at)];
  }
  const index = ordered.findIndex((l) => l.id === list.id);
  const prev = ordered[index - 1];
  const next = ordered[index + 1];
  return { list, namespaceId: target.id, position: positionBetween(prev?.position, next?.position) };
}
