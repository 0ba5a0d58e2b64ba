// The recently viewed lists (at most 5, newest first, no duplicates), kept in local storage.
import { atom } from 'jotai/vanilla';
import { readJson, writeStorage, STORAGE_KEYS } from './storage';
import { appStore } from './store';

export const RECENT_LISTS_MAX = 5;

function readIds(): number[] {
  const stored = readJson<unknown>(STORAGE_KEYS.listHistory);
  if (!Array.isArray(stored)) return [];
  // Accept both plain ids and {id} entries, as older clients stored objects.
  return stored
    .map((e) => (typeof e === 'number' ? e : typeof e === 'object' && e !== null && 'id' in e ? Number((e as { id: unknown }).id) : NaN))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export const recentListIdsAtom = atom<number[]>(readIds());

export function addRecentList(listId: number): void {
  if (listId <= 0) return;
  const next = [listId, ...appStore.get(recentListIdsAtom).filter((id) => id !== listId)].slice(0, RECENT_LISTS_MAX);
  appStore.set(recentListIdsAtom, next);
  writeStorage(STORAGE_KEYS.listHistory, JSON.stringify(next.map((id) => ({ id }))));
}
