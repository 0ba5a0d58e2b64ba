// Namespaces: the typed model (with its embedded lists), pseudo namespace ids and the calls.
import { del, getPage, getWithRight, post, put } from './client';
import { normalizeList, rememberLists, type List } from './lists';
import { converted, ifMatchHeaders, ServerCopies, updateSafely, type ConflictSafe } from './conflicts';
import type { User } from './user';
import type { Subscription } from './subscriptions';

export interface Namespace {
  id: number;
  title: string;
  description: string;
  hexColor: string;
  isArchived: boolean;
  owner?: User;
  subscription?: Subscription | null;
  created?: Date | null;
  updated?: Date | null;
  /** Embedded in GET /namespaces, by position. */
  lists: List[];
  maxRight: number | null;
}

/** Pseudo namespaces the server adds in front of the real ones. */
export const PSEUDO_NAMESPACE = { sharedLists: -1, favorites: -2, savedFilters: -3 } as const;

export function isPseudoNamespace(id: number): boolean {
  return id < 0;
}

export function normalizeNamespace(raw: Partial<Namespace> & { id: number }, maxRight: number | null = null): Namespace {
  return {
    title: '',
    description: '',
    hexColor: '',
    isArchived: false,
    ...raw,
    lists: (raw.lists ?? []).map((l) => normalizeList(l)),
    maxRight: raw.maxRight ?? maxRight,
  };
}

function body(ns: Partial<Namespace>): Record<string, unknown> {
  const { maxRight: _m, owner: _o, created: _c, updated: _u, subscription: _s, lists: _l, ...rest } = ns;
  return rest;
}

const copies = new ServerCopies<Namespace>();

/** Keeps the namespaces, and the lists they carry, as the versions later edits start from. */
function remember(namespaces: Namespace[]): Namespace[] {
  for (const ns of namespaces) rememberLists(ns.lists);
  return copies.remember(namespaces);
}

export async function getNamespace(id: number): Promise<Namespace> {
  const { data, maxRight } = await getWithRight<Namespace>(`namespaces/${id}`);
  return remember([normalizeNamespace(data, maxRight)])[0];
}

/** All namespaces with their lists (pseudo ones first), all pages; `isArchived` adds archived namespaces and lists. */
export async function getAllNamespaces(opts: { isArchived?: boolean } = {}): Promise<Namespace[]> {
  const out: Namespace[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getPage<Namespace>('namespaces', { query: { page, ...(opts.isArchived ? { is_archived: 'true' } : {}) } });
    out.push(...remember(res.items.map((n) => normalizeNamespace(n))));
    if (page >= res.totalPages || res.items.length === 0) return out;
  }
}

export async function createNamespace(ns: Partial<Namespace>): Promise<Namespace> {
  return remember([normalizeNamespace(await put<Namespace>('namespaces', body(ns)), 2)])[0];
}

const safeNamespaces: ConflictSafe<Namespace> = {
  copies,
  send: async (ns) => {
    const saved = normalizeNamespace(await post<Namespace>(`namespaces/${ns.id}`, body(ns), { headers: ifMatchHeaders(ns) }), ns.maxRight);
    // The update response carries no lists; keep the ones we had.
    return { ...saved, lists: ns.lists };
  },
  fromCurrent: (current, edited) => ({ ...normalizeNamespace(converted<Namespace>(current), edited.maxRight), lists: edited.lists }),
};

/** Sends the namespace with If-Match; after an edit someone else made meanwhile, the person's changes are kept over it. */
export function updateNamespace(ns: Namespace, opts: { onMerged?: () => void } = {}): Promise<Namespace> {
  return updateSafely(safeNamespaces, ns, opts.onMerged);
}

export async function deleteNamespace(id: number): Promise<void> {
  await del(`namespaces/${id}`);
}
