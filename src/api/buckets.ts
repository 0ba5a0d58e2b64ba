// Kanban buckets of a list: load with their first page of tasks, create, update, delete.
import { del, getPage, post, put } from './client';
import { tasksFromApi, type Task, type WireTask } from './tasks';

export const BUCKET_PAGE_SIZE = 25;

export interface Bucket {
  id: number;
  title: string;
  listId: number;
  limit: number;
  tasks: Task[];
  isDoneBucket: boolean;
  position: number;
}

/** A bucket as the API sends it (read unconverted, so its tasks are converted once, by tasksFromApi). */
interface WireBucket {
  id: number;
  title?: string | null;
  list_id?: number | null;
  limit?: number | null;
  is_done_bucket?: boolean | null;
  position?: number | null;
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
    tasks: tasksFromApi(raw.tasks ?? []),
  };
}

export async function getBuckets(listId: number): Promise<Bucket[]> {
  const page = await getPage<WireBucket>(`lists/${listId}/buckets`, { query: { per_page: BUCKET_PAGE_SIZE }, wire: true });
  return page.items.map(bucketFromApi);
}

export async function createBucket(listId: number, title: string): Promise<Bucket> {
  return bucketFromApi(await put<WireBucket>(`lists/${listId}/buckets`, { title, listId }, { wire: true }));
}

export async function updateBucket(bucket: Omit<Bucket, 'tasks'>): Promise<Bucket> {
  const { id, title, listId, limit, isDoneBucket, position } = bucket;
  return bucketFromApi(await post<WireBucket>(`lists/${listId}/buckets/${id}`, { id, title, listId, limit, isDoneBucket, position }, { wire: true }));
}

export async function deleteBucket(listId: number, id: number): Promise<void> {
  await del(`lists/${listId}/buckets/${id}`);
}
