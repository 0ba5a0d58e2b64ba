// The buckets of each list as last read (id and title): the task detail's bucket field and the palette's bucket
// command read them, so a list without buckets shows neither.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { onClearStore } from './entities';

export interface BucketChoice {
  id: number;
  title: string;
}

/** By list id; a list not read yet is absent. */
export const bucketChoicesAtom = atom<ReadonlyMap<number, readonly BucketChoice[]>>(new Map());

export function setBucketChoices(listId: number, buckets: readonly BucketChoice[]): void {
  appStore.set(bucketChoicesAtom, (all) => new Map(all).set(listId, buckets));
}

/** Whether the list is known to have buckets (false while they have not been read). */
export function listHasBuckets(listId: number): boolean {
  return (appStore.get(bucketChoicesAtom).get(listId)?.length ?? 0) > 0;
}

onClearStore(() => appStore.set(bucketChoicesAtom, new Map()));
