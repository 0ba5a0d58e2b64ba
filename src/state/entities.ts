// The normalised store: one atom family per entity kind, keyed by id, and the one call that empties the store on sign-out.
import { atom, type PrimitiveAtom } from 'jotai/vanilla';
import { appStore } from './store';

/** An atom per id, created on first use; `undefined` means not known (never loaded, deleted, or signed out). */
export interface EntityFamily<T extends { id: number }> {
  (id: number): PrimitiveAtom<T | undefined>;
  /** The entity now, without subscribing. */
  peek: (id: number) => T | undefined;
  /** Writes entities to their atoms; an unchanged object is not written again, so its readers do not re-render. */
  put: (items: readonly T[]) => void;
  remove: (id: number) => void;
  /** Ids of every entity the store holds now. */
  ids: () => number[];
  clear: () => void;
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
  const atoms = new Map<number, PrimitiveAtom<T | undefined>>();
  const family = ((id: number) => {
    let a = atoms.get(id);
    if (!a) {
      a = atom<T | undefined>(undefined);
      atoms.set(id, a);
    }
    return a;
  }) as EntityFamily<T>;
  family.peek = (id) => {
    const a = atoms.get(id);
    return a ? appStore.get(a) : undefined;
  };
  family.put = (items) => {
    for (const item of items) {
      const a = family(item.id);
      if (appStore.get(a) !== item) appStore.set(a, item);
    }
  };
  family.remove = (id) => {
    const a = atoms.get(id);
    if (a) appStore.set(a, undefined);
  };
  family.ids = () => [...atoms].flatMap(([id, a]) => (appStore.get(a) === undefined ? [] : [id]));
  family.clear = () => {
    // The atoms stay (emptied): derived atoms and mounted readers keep following the same atom for an id.
    for (const a of atoms.values()) appStore.set(a, undefined);
  };
  onClearStore(family.clear);
  return family;
}
