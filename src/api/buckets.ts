// Kanban buckets of a list: load with their first page of tasks, create, update, delete.
import { del, getPage, post, put } from './client';
import { taskFromApi, type Task } from './tasks';

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

type RawBucket = Partial<Omit<Bucket, 'tasks'>> & { id: number; tasks?: Parameters<typeof taskFromApi>[0][] };

function bucketFromApi(raw: RawBucket): Bucket {
  return {
    id: raw.id,
    title: raw.title ?? '',
    listId: raw.listId ?? 0,
    limit: raw.limit ?? 0,
    isDoneBucket: raw.isDoneBucket ?? false,
    position: raw.position ?? 0,
    tasks: (raw.tasks ?? []).map(taskFromApi),
  };
}

export async function getBuckets(listId: number): Promise<Bucket[]> {
  const page = await getPage<RawBucket>(`lists/${listId}/buckets`, { query: { per_page: BUCKET_PAGE_SIZE } });
  return page.items.map(bucketFromApi);
}

export async function createBucket(listId: number, title: string): Promise<Bucket> {
  return bucketFromApi(await put<RawBucket>(`lists/${listId}/buckets`, { title, listId }));
}

export async function updateBucket(bucket: Omit<Bucket, 'tasks'>): Promise<Bucket> {
  const { id, title, listId, limit, isDoneBucket, position } = bucket;
  return bucketFromApi(await post<RawBucket>(`lists/${listId}/buckets/${id}`, { id, title, listId, limit, isDoneBucket, position }));
}

export async function deleteBucket(listId: number, id: number): Promise<void> {
  await del(`lists/${listId}/buckets/${id}`);
}
