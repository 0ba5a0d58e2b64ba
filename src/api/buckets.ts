// Kanban buckets of a list: load with their first page of tasks, create, update, delete.
import { del, getPage, post, put } from './client';
import { tasksFromApi, type Task, type WireTask } from './tasks';
import { parseDate } from './convert';
import { ifMatchHeaders, ServerCopies, updateSafely, type ConflictSafe } from './conflicts';

export const BUCKET_PAGE_SIZE = 25;

export interface Bucket {
  id: number;
  title: string;
  listId: number;
  limit: number;
  tasks: Task[];
  isDoneBucket: boolean;
  position: number;
  /** The last change, which the update's If-Match is built from (absent on buckets made up by the app). */
  updated?: Date | null;
}

/** A bucket as the API sends it (read unconverted, so its tasks are converted once, by tasksFromApi). */
interface WireBucket {
  id: number;
  title?: string | null;
  list_id?: number | null;
  limit?: number | null;
  is_done_bucket?: boolean | null;
  position?: number | null;
  updated?: string | null;
  tasks?: WireTask[] | null;
}

function bucketFromApi(raw: WireBucket): Bucket {
  return {
    id: raw.id,
    title: raw.title ?? '',
    listId: raw.list_id ?? 0,
    limit: raw.limit ?? 0,
    isDoneBucket: raw.is_done_bucket ?? false,
    position: raw.position ?? 0,
    updated: parseDate(raw.updated),
    tasks: tasksFromApi(raw.tasks ?? []),
  };
}

/** A bucket without its cards: what is saved of it. */
export type BucketFields = Omit<Bucket, 'tasks'>;
const copies = new ServerCopies<BucketFields>();

/** A bucket the server sent on its own (a live update), remembered as the server's copy like a loaded one. */
export function bucketFromServer(raw: unknown): Bucket {
  return copies.remember(bucketFromApi(raw as WireBucket));
}

export async function getBuckets(listId: number): Promise<Bucket[]> {
  const page = await getPage<WireBucket>(`lists/${listId}/buckets`, { query: { per_page: BUCKET_PAGE_SIZE }, wire: true });
  return copies.remember(page.items.map(bucketFromApi));
}

export async function createBucket(listId: number, title: string): Promise<Bucket> {
  return copies.remember(bucketFromApi(await put<WireBucket>(`lists/${listId}/buckets`, { title, listId }, { wire: true })));
}

/** Only the bucket's own fields: its tasks are not part of an update, and comparing them after a conflict is waste. */
export function bucketFields(bucket: BucketFields & { tasks?: Task[] }): BucketFields {
  const { tasks: _tasks, ...fields } = bucket;
  return fields;
}

const safeBuckets: ConflictSafe<BucketFields> = {
  copies,
  send: async ({ id, title, listId, limit, isDoneBucket, position, updated }) =>
    bucketFromApi(await post<WireBucket>(`lists/${listId}/buckets/${id}`, { id, title, listId, limit, isDoneBucket, position }, { wire: true, headers: ifMatchHeaders({ id, updated }) })),
  fromCurrent: (current) => bucketFields(bucketFromApi(current as unknown as WireBucket)),
};

/** Sends the bucket with If-Match; after an edit someone else made meanwhile, the person's changes are kept over it. */
export async function updateBucket(bucket: BucketFields, opts: { onMerged?: () => void } = {}): Promise<Bucket> {
  // send answers a whole bucket (its tasks empty); the copies only need its fields.
  return (await updateSafely(safeBuckets, bucketFields(bucket), opts.onMerged)) as Bucket;
}

export async function deleteBucket(listId: number, id: number): Promise<void> {
  await del(`lists/${listId}/buckets/${id}`);
}
