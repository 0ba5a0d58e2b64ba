// The normalised store: one atom family per entity kind, keyed by id, and the one call that empties the store on sign-out.
import { atom, type PrimitiveAtom, type WritableAtom } from 'jotai/vanilla';
import { appStore } from './store';

/** The entities of one kind by id. A new Map on every change, so whoever reads all of them sees the change. */
export type EntityMap<T> = ReadonlyMap<number, T>;

/**
 * An atom per id, created on first use; `undefined` means not known (never loaded, deleted, or signed out). The
 * family is backed by one map of the kind: 10,000 tasks arriving at once are one write, and a query over many ids
 * (a list's 10,000 rows) depends on one atom rather than 10,000.
 */
export interface EntityFamily<T extends { id: number }> {
  (id: number): WritableAtom<T | undefined, [T | undefined], void>;
  /** Every entity of the kind: what queries over many ids read. */
  all: PrimitiveAtom<EntityMap<T>>;
  /** The entity now, without subscribing. */
  peek: (id: number) => T | undefined;
  /** Writes entities; objects the store holds already are not written again, so their readers do not re-render. */
  put: (items: readonly T[]) => void;
  /** The map with `items` put in, or null when none of them changes it (for atoms that write entities themselves). */
  withItems: (map: EntityMap<T>, items: readonly T[]) => EntityMap<T> | null;
  remove: (id: number) => void;
  /** Ids of every entity the store holds now. */
  ids: () => number[];
  clear: () => void;
}

/** The entities of these ids that a map holds, in this order (unknown and deleted ones left out). */
export function entitiesOf<T>(map: EntityMap<T>, ids: readonly number[]): T[] {
  const out: T[] = [];
  for (const id of ids) {
    const item = map.get(id);
    if (item !== undefined) out.push(item);
  }
  return out;
}

const clearers = new Set<() => void>();

/**
 * Registers what signing out must forget. Modules holding a person's data outside the families (query results by
 * list, boards, labels, namespaces) add theirs here, so `clearStore` stays one call without importing them all.
 */
export function onClearStore(clear: () => void): void {
  clearers.add(clear);
}

/** Forgets every entity and every query over them: the next person signed in starts from an empty store. */
export function clearStore(): void {
  for (const clear of clearers) clear();
}

export function entityFamily<T extends { id: number }>(): EntityFamily<T> {
  const all = atom<EntityMap<T>>(new Map());
  const atoms = new Map<number, WritableAtom<T | undefined, [T | undefined], void>>();
  const withItems = (map: EntityMap<T>, items: readonly T[]): EntityMap<T> | null => {
    let next: Map<number, T> | null = null;
    for (const item of items) {
      if (map.get(item.id) === item) continue;
      next ??= new Map(map);
      next.set(item.id, item);
    }
    return next;
  };
  const family = ((id: number) => {
    let a = atoms.get(id);
    if (!a) {
      a = atom(
        (get) => get(all).get(id),
        (get, set, value: T | undefined) => {
          const map = get(all);
          if (map.get(id) === value) return;
          const next = new Map(map);
          if (value === undefined) next.delete(id);
          else next.set(id, value);
          set(all, next);
        },
      );
      atoms.set(id, a);
    }
    return a;
  }) as EntityFamily<T>;
  family.all = all;
  family.peek = (id) => appStore.get(all).get(id);
  family.withItems = withItems;
  family.put = (items) => {
    const next = withItems(appStore.get(all), items);
    if (next) appStore.set(all, next);
  };
  family.remove = (id) => appStore.set(family(id), undefined);
  family.ids = () => [...appStore.get(all).keys()];
  family.clear = () => appStore.set(all, new Map());
  onClearStore(family.clear);
  return family;
}
