// The view chosen per list (local storage key listView): read with the legacy cleanup, and saved by each list view.
import { readStorage, removeStorage, writeStorage, STORAGE_KEYS } from './storage';

export const LIST_VIEWS = ['list.list', 'list.gantt', 'list.table', 'list.kanban'] as const;
export type ListViewRoute = (typeof LIST_VIEWS)[number];
export const DEFAULT_LIST_VIEW: ListViewRoute = 'list.list';

function readMap(): Record<string, string> {
  const raw = readStorage(STORAGE_KEYS.listView);
  if (raw === null) return {};
  // An older client stored one view name for every list; it is dropped and the default used.
  if (raw.startsWith('list.')) {
    removeStorage(STORAGE_KEYS.listView);
    return {};
  }
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed === 'string') {
      removeStorage(STORAGE_KEYS.listView);
      return {};
    }
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    removeStorage(STORAGE_KEYS.listView);
    return {};
  }
}

/** The stored view route name of a list, or list.list. */
export function savedListView(listId: number): ListViewRoute {
  const view = readMap()[String(listId)];
  return LIST_VIEWS.find((v) => v === view) ?? DEFAULT_LIST_VIEW;
}

/** Remembers a list's view; settings views are never saved. */
export function saveListView(listId: number, routeName: string): void {
  if (routeName.includes('settings.')) return;
  const map = readMap();
  map[String(listId)] = routeName;
  writeStorage(STORAGE_KEYS.listView, JSON.stringify(map));
}
