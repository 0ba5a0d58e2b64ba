// Lists: the typed model and its calls (get with the caller's right, all pages, create in a namespace, update, delete, duplicate, background).
import { apiBase, del, getPage, getWithRight, put, request, type Query } from './client';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import type { User } from './user';
import type { Subscription } from './subscriptions';
import { converted, ifMatchHeaders, ServerCopies, updateSafely, type ConflictSafe } from './conflicts';

/** `background_information` as the server sends it: `{Type: "upload"}`, an Unsplash object, or absent. */
export interface BackgroundInformation {
  Type?: string;
  [key: string]: unknown;
}

export interface List {
  id: number;
  title: string;
  description: string;
  identifier: string;
  /** Without the leading `#`, as the API stores it; '' when unset. */
  hexColor: string;
  namespaceId: number;
  owner?: User;
  isArchived: boolean;
  isFavorite: boolean;
  position: number;
  backgroundInformation?: BackgroundInformation | null;
  backgroundBlurHash?: string;
  subscription?: Subscription | null;
  created?: Date | null;
  updated?: Date | null;
  /** The caller's highest right from `x-max-right` (null when the response did not say). */
  maxRight: number | null;
}

export { FAVORITES_LIST_ID, isSavedFilterList, filterIdOfList, listIdOfFilter } from '../model/lists';

/** Fills defaults the server omits (null values are dropped on the way in). */
export function normalizeList(raw: Partial<List> & { id: number }, maxRight: number | null = null): List {
  return {
    title: '',
    description: '',
    identifier: '',
    hexColor: '',
    namespaceId: 0,
    isArchived: false,
    isFavorite: false,
    position: 0,
    ...raw,
    maxRight: raw.maxRight ?? maxRight,
  };
}

/** Writable fields only: the server ignores the rest, and maxRight is ours. */
function body(list: Partial<List>): Record<string, unknown> {
  const { maxRight: _m, owner: _o, created: _c, updated: _u, subscription: _s, backgroundInformation: _b, ...rest } = list;
  return rest;
}

const copies = new ServerCopies<List>();

/** Lists the server sent inside another answer (a namespace's lists), kept as the versions later edits start from. */
export function rememberLists(lists: List[]): List[] {
  return copies.remember(lists);
}

export async function getList(id: number): Promise<List> {
  const { data, maxRight } = await getWithRight<List>(`lists/${id}`);
  return copies.remember(normalizeList(data, maxRight));
}

/** Every list the caller can reach, all pages followed. */
export async function getAllLists(query: Query = {}): Promise<List[]> {
  const out: List[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getPage<List>('lists', { query: { ...query, page } });
    out.push(...copies.remember(res.items.map((l) => normalizeList(l))));
    if (page >= res.totalPages || res.items.length === 0) return out;
  }
}

export async function createList(namespaceId: number, list: Partial<List>): Promise<List> {
  const res = await request<List>('PUT', `namespaces/${namespaceId}/lists`, { body: body({ ...list, namespaceId }) });
  return copies.remember(normalizeList(res.data, 2));
}

const safeLists: ConflictSafe<List> = {
  copies,
  send: async (list) => {
    const res = await request<List>('POST', `lists/${list.id}`, { body: body(list), headers: ifMatchHeaders(list) });
    return normalizeList(res.data, list.maxRight);
  },
  fromCurrent: (current, edited) => normalizeList(converted<List>(current), edited.maxRight),
};

/**
 * POST /lists/{id}; `namespaceId` is mandatory on the server, so the full list is sent, with If-Match: after an edit
 * someone else made meanwhile, the person's changes are kept over it and sent once more (`onMerged` tells the caller).
 */
export function updateList(list: List, opts: { onMerged?: () => void } = {}): Promise<List> {
  return updateSafely(safeLists, list, opts.onMerged);
}

export async function deleteList(id: number): Promise<void> {
  await del(`lists/${id}`);
}

/** PUT /lists/{id}/duplicate → `{namespaceId, List}` (the key is literally `List`). */
export async function duplicateList(id: number, namespaceId: number): Promise<List> {
  const res = await put<{ namespaceId: number; List?: List; list?: List }>(`lists/${id}/duplicate`, { namespaceId });
  const copy = res.List ?? res.list;
  if (!copy) throw new Error('The duplicated list was not returned.');
  return copies.remember(normalizeList(copy, 2));
}

/** Uploads a background image (multipart field `background`); returns the updated list. */
export async function uploadBackground(id: number, file: File): Promise<List> {
  const form = new FormData();
  form.append('background', file);
  const res = await request<List>('PUT', `lists/${id}/backgrounds/upload`, { body: form });
  return copies.remember(normalizeList(res.data, 2));
}

export async function removeBackground(id: number): Promise<List> {
  const res = await request<List>('DELETE', `lists/${id}/background`);
  return normalizeList(res.data ?? { id }, null);
}

/** The background image as an object URL (the request needs the bearer token, so an <img src> cannot fetch it). */
export async function backgroundObjectUrl(id: number): Promise<string | null> {
  const token = readStorage(STORAGE_KEYS.token);
  const res = await fetch(`${apiBase()}/lists/${id}/background`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) return null;
  return URL.createObjectURL(await res.blob());
}

/** Only the favorite flag, keeping everything else as it is. */
export function setListFavorite(list: List, isFavorite: boolean, opts: { onMerged?: () => void } = {}): Promise<List> {
  return updateList({ ...list, isFavorite }, opts);
}

