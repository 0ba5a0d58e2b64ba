// Namespaces, lists and labels in the store: one atom per entity by id, the collections as ids over them, and the
// whole-collection atoms every view has read so far (namespacesAtom, listsByIdAtom, labelsAtom), derived from those.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { sameData } from './sameData';
import { sessionAtom } from './session';
import { entitiesOf, entityFamily, onClearStore, type EntityMap } from './entities';
import { relabelTasks } from './tasks';
import { getAllNamespaces, type Namespace } from '../api/namespaces';
import { getAllLabels, type Label } from '../api/labels';
import type { List } from '../api/lists';

/** A namespace as stored: its own fields and the ids of the lists it shows, in order (the lists live in their atoms). */
export type NamespaceEntity = Omit<Namespace, 'lists'> & { listIds: readonly number[] };

/** Every list the app knows, by id: a list saved anywhere (its settings, a drag in the sidebar) shows everywhere. */
export const listAtomFamily = entityFamily<List>();
/** Every namespace the app knows, by id (pseudo ones, with negative ids, included). */
export const namespaceAtomFamily = entityFamily<NamespaceEntity>();
/** The namespaces GET /namespaces returned, in its order (pseudo ones first). */
export const namespaceIdsAtom = atom<readonly number[]>([]);
export const namespacesLoadedAtom = atom(false);

/**
 * Namespaces with their lists embedded, as GET /namespaces gives them: a query over the namespace and list atoms.
 * Writing it stores each namespace and list by id and the order as ids (what a load does; tests seed it this way).
 */
export const namespacesAtom = atom(
  (get): Namespace[] => {
    const namespaces = get(namespaceAtomFamily.all);
    const lists = get(listAtomFamily.all);
    const out: Namespace[] = [];
    for (const id of get(namespaceIdsAtom)) {
      const ns = namespaces.get(id);
      if (!ns) continue;
      const { listIds, ...fields } = ns;
      out.push({ ...fields, lists: entitiesOf(lists, listIds) });
    }
    return out;
  },
  (get, set, next: Namespace[] | ((all: Namespace[]) => Namespace[])) => {
    const all = typeof next === 'function' ? next(get(namespacesAtom)) : next;
    const knownLists = get(listAtomFamily.all);
    const lists = listAtomFamily.withItems(knownLists, ownCopies(all).map((l) => keepRight(knownLists.get(l.id), l)));
    if (lists) set(listAtomFamily.all, lists);
    const known = get(namespaceAtomFamily.all);
    const namespaces = namespaceAtomFamily.withItems(known, all.map((ns) => keepRight(known.get(ns.id), toEntity(ns))));
    if (namespaces) set(namespaceAtomFamily.all, namespaces);
    set(namespaceIdsAtom, all.map((ns) => ns.id));
  },
);

/**
 * The entity as loaded, with the caller's right kept when this response did not say it (GET /namespaces sends none;
 * GET /namespaces/:id and /lists/:id do): a reload of the sidebar must not take a namespace's admin buttons away.
 */
function keepRight<T extends { maxRight: number | null }>(known: T | undefined, next: T): T {
  if (!known || known === next) return next;
  const merged = next.maxRight === null && known.maxRight !== null ? { ...next, maxRight: known.maxRight } : next;
  // A reload that changes nothing keeps the stored object: its readers (an open edit form) do not see a change.
  return sameData(known, merged) ? known : merged;
}

function toEntity({ lists, ...fields }: Namespace): NamespaceEntity {
  return { ...fields, listIds: lists.map((l) => l.id) };
}

/** One copy per list: a list shown in several namespaces (favorites) is stored as its own namespace has it. */
function ownCopies(namespaces: readonly Namespace[]): List[] {
  const map = new Map<number, List>();
  for (const ns of namespaces) {
    for (const list of ns.lists) {
      const known = map.get(list.id);
      if (!known || (known.namespaceId !== ns.id && list.namespaceId === ns.id)) map.set(list.id, list);
    }
  }
  return [...map.values()];
}

/** Every list the namespaces show, by id (the lists of namespaces not loaded, or archived ones not shown, are not in it). */
export const listsByIdAtom = atom<Map<number, List>>((get) => {
  const lists = get(listAtomFamily.all);
  const namespaces = get(namespaceAtomFamily.all);
  const map = new Map<number, List>();
  for (const nsId of get(namespaceIdsAtom)) {
    for (const id of namespaces.get(nsId)?.listIds ?? []) {
      const list = lists.get(id);
      if (list) map.set(id, list);
    }
  }
  return map;
});

/** Real, non-archived namespaces (create-list targets, move targets). */
export const ownNamespacesAtom = atom((get) => get(namespacesAtom).filter((n) => n.id > 0 && !n.isArchived));

let inFlight: Promise<Namespace[]> | null = null;
/** The newest load: an older one that answers after it is not put in the store (it may not have a later write). */
let newest = 0;

/** Starts a load, which callers of loadNamespaces share until it ends; only the newest load's answer is stored. */
function startLoad(): Promise<Namespace[]> {
  const mine = (newest += 1);
  const load: Promise<Namespace[]> = getAllNamespaces()
    .then((all) => {
      if (mine === newest) {
        appStore.set(namespacesAtom, all);
        appStore.set(namespacesLoadedAtom, true);
      }
      return all;
    })
    .finally(() => {
      if (inFlight === load) inFlight = null;
    });
  inFlight = load;
  return load;
}

/** Loads the namespaces (concurrent calls share one request). */
export function loadNamespaces(): Promise<Namespace[]> {
  return inFlight ?? startLoad();
}

/**
 * Loads the namespaces after a write: a load already on its way may have been answered before the write, so a new
 * one is asked for, and it wins over the older one. Later callers of loadNamespaces share it.
 */
export function reloadNamespaces(): Promise<Namespace[]> {
  // Nor may a GET started ahead of the write (index.html's, a hovered link's) answer for it: none is adopted now.
  delete window.__kfEarly;
  return startLoad();
}

/** A load ahead of the navigation tree is taken by the tree if it shows within this time. */
const AHEAD_KEPT_MS = 10_000;
let ahead: { done: Promise<Namespace[]>; at: number } | null = null;
onClearStore(() => {
  ahead = null;
});

/** Loads the namespaces ahead of the navigation tree (a route whose page needs them first): the tree takes this load. */
export function preloadNamespaces(): Promise<Namespace[]> {
  const done = loadNamespaces();
  ahead = { done, at: Date.now() };
  return done;
}

/** The namespaces as the navigation tree needs them when it shows: the load made ahead of it, once, else a reload. */
export function openNamespaces(): Promise<Namespace[]> {
  const taken = ahead;
  ahead = null;
  return taken && Date.now() - taken.at < AHEAD_KEPT_MS ? taken.done : loadNamespaces();
}

/** Puts lists in the store as loaded (without placing them in a namespace); of two copies of one list the last wins. */
export function putLists(lists: readonly List[]): void {
  const known = appStore.get(listAtomFamily.all);
  listAtomFamily.put(lists.map((l) => keepRight(known.get(l.id), l)));
}

/**
 * Puts a saved list in the store and in its namespace (moving it there when its namespace changed); the pseudo
 * namespaces (favorites, shared) show the same list atom, so they follow. A field the saved copy lacks keeps its value.
 */
export function upsertList(list: List): void {
  const known = listAtomFamily.peek(list.id);
  const saved = keepRight(known, known ? { ...known, ...list } : list);
  listAtomFamily.put([saved]);
  const lists = appStore.get(listAtomFamily.all);
  const changed: NamespaceEntity[] = [];
  for (const id of appStore.get(namespaceIdsAtom)) {
    const ns = namespaceAtomFamily.peek(id);
    if (!ns || ns.id <= 0) continue;
    const has = ns.listIds.includes(list.id);
    const belongs = ns.id === saved.namespaceId;
    if (belongs) {
      const listIds = sortByPosition(lists, has ? ns.listIds : [...ns.listIds, list.id]);
      if (!sameData(listIds, ns.listIds)) changed.push({ ...ns, listIds });
    } else if (has) changed.push({ ...ns, listIds: ns.listIds.filter((l) => l !== list.id) });
  }
  namespaceAtomFamily.put(changed);
}

/** Takes a deleted list out of the store and out of every namespace showing it. */
export function removeListFromState(listId: number): void {
  const changed: NamespaceEntity[] = [];
  for (const id of namespaceAtomFamily.ids()) {
    const ns = namespaceAtomFamily.peek(id)!;
    if (ns.listIds.includes(listId)) changed.push({ ...ns, listIds: ns.listIds.filter((l) => l !== listId) });
  }
  namespaceAtomFamily.put(changed);
  listAtomFamily.remove(listId);
}

/** Puts a loaded or saved namespace in the store without adding it to the tree; without lists it keeps the ones it showed. */
export function putNamespace(ns: Namespace): void {
  const known = namespaceAtomFamily.peek(ns.id);
  const lists = appStore.get(listAtomFamily.all);
  listAtomFamily.put(ns.lists.map((l) => keepRight(lists.get(l.id), l)));
  const fresh = toEntity(ns);
  namespaceAtomFamily.put([keepRight(known, ns.lists.length || !known ? fresh : { ...fresh, listIds: known.listIds })]);
}

/** Puts a saved namespace in the store and in the tree (at the end when new). */
export function upsertNamespace(ns: Namespace): void {
  putNamespace(ns);
  if (!appStore.get(namespaceIdsAtom).includes(ns.id)) appStore.set(namespaceIdsAtom, (ids) => [...ids, ns.id]);
}

export function removeNamespaceFromState(id: number): void {
  appStore.set(namespaceIdsAtom, (ids) => ids.filter((n) => n !== id));
  namespaceAtomFamily.remove(id);
}

function sortByPosition(lists: EntityMap<List>, ids: readonly number[]): number[] {
  const position = (id: number) => lists.get(id)?.position ?? 0;
  return [...ids].sort((a, b) => position(a) - position(b) || a - b);
}

/** Every label the app knows, by id: a label renamed or recoloured shows so in every picker and filter. */
export const labelAtomFamily = entityFamily<Label>();
/** The labels the caller can see (own ones and those on reachable tasks), by title. */
export const labelIdsAtom = atom<readonly number[]>([]);
export const labelsLoadedAtom = atom(false);

/** The visible labels, by title: a query over the label atoms. Writing it stores them by id in this order. */
export const labelsAtom = atom(
  (get): Label[] => {
    const all = get(labelAtomFamily.all);
    const out: Label[] = [];
    for (const id of get(labelIdsAtom)) {
      const label = all.get(id);
      if (label) out.push(label);
    }
    return out;
  },
  (get, set, next: Label[] | ((all: Label[]) => Label[])) => {
    const labels = typeof next === 'function' ? next(get(labelsAtom)) : next;
    const all = labelAtomFamily.withItems(get(labelAtomFamily.all), labels);
    if (all) set(labelAtomFamily.all, all);
    set(labelIdsAtom, labels.map((l) => l.id));
  },
);

const byTitle = (a: Label, b: Label) => a.title.localeCompare(b.title);

export async function loadLabels(): Promise<Label[]> {
  // A link share may not list labels (the server answers 403); its tasks carry the labels it can see.
  if (appStore.get(sessionAtom).kind === 'linkShare') {
    appStore.set(labelsLoadedAtom, true);
    return appStore.get(labelsAtom);
  }
  const labels = await getAllLabels();
  labels.sort(byTitle);
  const before = appStore.get(labelAtomFamily.all);
  appStore.set(labelsAtom, labels);
  // A label renamed or recoloured elsewhere (another tab, another person) reads the same on the tasks carrying it.
  for (const label of labels) {
    const was = before.get(label.id);
    if (was && (was.title !== label.title || was.hexColor !== label.hexColor || was.description !== label.description)) relabelTasks(label.id, label);
  }
  const now = new Set(labels.map((l) => l.id));
  for (const id of before.keys()) if (!now.has(id)) relabelTasks(id, null);
  appStore.set(labelsLoadedAtom, true);
  return labels;
}

/** Puts a saved label in the store and among the visible ones, by title. */
export function upsertLabel(label: Label): void {
  labelAtomFamily.put([label]);
  const ids = appStore.get(labelIdsAtom);
  const shown = ids.includes(label.id) ? ids : [...ids, label.id];
  const all = appStore.get(labelAtomFamily.all);
  const title = (id: number) => all.get(id)?.title ?? '';
  appStore.set(labelIdsAtom, [...shown].sort((a, b) => title(a).localeCompare(title(b))));
  relabelTasks(label.id, label);
}

export function removeLabelFromState(id: number): void {
  appStore.set(labelIdsAtom, (ids) => ids.filter((l) => l !== id));
  labelAtomFamily.remove(id);
  relabelTasks(id, null);
}

onClearStore(() => {
  appStore.set(namespaceIdsAtom, []);
  appStore.set(namespacesLoadedAtom, false);
  appStore.set(labelIdsAtom, []);
  appStore.set(labelsLoadedAtom, false);
});
