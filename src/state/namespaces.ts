// Namespaces (pseudo ones included) and labels as atoms, with a listId → List map and their load/update actions.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { sessionAtom } from './session';
import { onClearStore } from './entities';
import { getAllNamespaces, type Namespace } from '../api/namespaces';
import { getAllLabels, type Label } from '../api/labels';
import type { List } from '../api/lists';

/** Every namespace GET /namespaces returned (pseudo ones first), with embedded lists. */
export const namespacesAtom = atom<Namespace[]>([]);
export const namespacesLoadedAtom = atom(false);

/** Every list by id. A list shown in several namespaces (favorites) keeps the entry of its own namespace. */
export const listsByIdAtom = atom<Map<number, List>>((get) => {
  const map = new Map<number, List>();
  for (const ns of get(namespacesAtom)) {
    for (const list of ns.lists) {
      const known = map.get(list.id);
      if (!known || (known.namespaceId !== ns.id && list.namespaceId === ns.id)) map.set(list.id, list);
    }
  }
  return map;
});

/** Real, non-archived namespaces (create-list targets, move targets). */
export const ownNamespacesAtom = atom((get) => get(namespacesAtom).filter((n) => n.id > 0 && !n.isArchived));

let inFlight: Promise<Namespace[]> | null = null;

/** Reloads the namespaces (concurrent calls share one request). */
export function loadNamespaces(): Promise<Namespace[]> {
  if (!inFlight) {
    inFlight = getAllNamespaces()
      .then((all) => {
        appStore.set(namespacesAtom, all);
        appStore.set(namespacesLoadedAtom, true);
        return all;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

/** Puts a saved list into every namespace that shows it (moving it when its namespace changed). */
export function upsertList(list: List): void {
  appStore.set(namespacesAtom, (all) =>
    all.map((ns) => {
      const has = ns.lists.some((l) => l.id === list.id);
      // Pseudo namespaces keep their copies (favorites, shared) in step; real ones hold lists by namespaceId.
      if (ns.id > 0) {
        const belongs = ns.id === list.namespaceId;
        if (belongs && has) return { ...ns, lists: sortByPosition(ns.lists.map((l) => (l.id === list.id ? { ...l, ...list } : l))) };
        if (belongs) return { ...ns, lists: sortByPosition([...ns.lists, list]) };
        if (has) return { ...ns, lists: ns.lists.filter((l) => l.id !== list.id) };
        return ns;
      }
      return has ? { ...ns, lists: ns.lists.map((l) => (l.id === list.id ? { ...l, ...list, namespaceId: l.namespaceId } : l)) } : ns;
    }),
  );
}

export function removeListFromState(listId: number): void {
  appStore.set(namespacesAtom, (all) => all.map((ns) => ({ ...ns, lists: ns.lists.filter((l) => l.id !== listId) })));
}

export function upsertNamespace(ns: Namespace): void {
  appStore.set(namespacesAtom, (all) => {
    const exists = all.some((n) => n.id === ns.id);
    return exists ? all.map((n) => (n.id === ns.id ? { ...ns, lists: ns.lists.length ? ns.lists : n.lists } : n)) : [...all, ns];
  });
}

export function removeNamespaceFromState(id: number): void {
  appStore.set(namespacesAtom, (all) => all.filter((n) => n.id !== id));
}

function sortByPosition(lists: List[]): List[] {
  return [...lists].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Labels the caller can see (own ones and those on reachable tasks). */
export const labelsAtom = atom<Label[]>([]);
export const labelsLoadedAtom = atom(false);

export async function loadLabels(): Promise<Label[]> {
  // A link share may not list labels (the server answers 403); its tasks carry the labels it can see.
  if (appStore.get(sessionAtom).kind === 'linkShare') {
    appStore.set(labelsLoadedAtom, true);
    return appStore.get(labelsAtom);
  }
  const labels = await getAllLabels();
  labels.sort((a, b) => a.title.localeCompare(b.title));
  appStore.set(labelsAtom, labels);
  appStore.set(labelsLoadedAtom, true);
  return labels;
}

export function upsertLabel(label: Label): void {
  appStore.set(labelsAtom, (all) => {
    const next = all.some((l) => l.id === label.id) ? all.map((l) => (l.id === label.id ? label : l)) : [...all, label];
    return next.sort((a, b) => a.title.localeCompare(b.title));
  });
}

export function removeLabelFromState(id: number): void {
  appStore.set(labelsAtom, (all) => all.filter((l) => l.id !== id));
}

onClearStore(() => {
  appStore.set(namespacesAtom, []);
  appStore.set(namespacesLoadedAtom, false);
  appStore.set(labelsAtom, []);
  appStore.set(labelsLoadedAtom, false);
});
