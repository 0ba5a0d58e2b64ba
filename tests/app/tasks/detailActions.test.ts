// The task detail's other actions (relations, attachments, comments, the bucket choices): each changes the tasks in
// the store, so the task shows the change in every view, and reports a failure once.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../../src/api/tasks')>()), createTask: vi.fn() }));
vi.mock('../../../src/api/relations', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/relations')>()),
  createRelation: vi.fn(),
  deleteRelation: vi.fn(),
}));
vi.mock('../../../src/api/attachments', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/attachments')>()),
  uploadAttachments: vi.fn(),
  deleteAttachment: vi.fn(),
}));
vi.mock('../../../src/api/comments', () => ({ getComments: vi.fn(), createComment: vi.fn(), updateComment: vi.fn(), deleteComment: vi.fn() }));
vi.mock('../../../src/api/buckets', async (orig) => ({ ...(await orig<typeof import('../../../src/api/buckets')>()), getBuckets: vi.fn() }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const relationsApi = vi.mocked(await import('../../../src/api/relations'));
const attachmentsApi = vi.mocked(await import('../../../src/api/attachments'));
const commentsApi = vi.mocked(await import('../../../src/api/comments'));
const bucketsApi = vi.mocked(await import('../../../src/api/buckets'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { appStore } = await import('../../../src/state/store');
const { putTasks, taskAtomFamily } = await import('../../../src/state/tasks');
const { bucketChoicesAtom, listHasBuckets } = await import('../../../src/state/bucketChoices');
const { clearStore } = await import('../../../src/state/entities');
const { commentsByTaskAtom } = await import('../../../src/state/comments');
const actions = await import('../../../src/actions');

const stored = (id: number) => appStore.get(taskAtomFamily(id))!;
const file = (id: number, name: string) => ({
  id,
  taskId: 1,
  created: null,
  createdBy: undefined,
  file: { id, name, mime: 'image/png', size: 3, created: null },
});

beforeEach(() => {
  vi.clearAllMocks();
  clearStore();
  putTasks([makeTask({ id: 1, title: 'Paint the fence', listId: 5 }), makeTask({ id: 2, title: 'Buy paint', listId: 5 })]);
});

describe('relations', () => {
  it('a relation added shows on both tasks, the other one with the inverse kind', async () => {
    relationsApi.createRelation.mockResolvedValue(undefined);
    expect(await actions.relations.add(1, stored(2), 'blocked')).toBe(true);
    expect(relationsApi.createRelation).toHaveBeenCalledWith(1, 2, 'blocked');
    expect(stored(1).relatedTasks.blocked?.map((t) => t.title)).toEqual(['Buy paint']);
    expect(stored(2).relatedTasks.blocking?.map((t) => t.title)).toEqual(['Paint the fence']);
  });

  it('a relation removed leaves both tasks; a refused one changes nothing and is told', async () => {
    relationsApi.createRelation.mockResolvedValue(undefined);
    await actions.relations.add(1, 2, 'subtask');
    relationsApi.deleteRelation.mockRejectedValueOnce(new Error('No rights'));
    expect(await actions.relations.remove(1, 2, 'subtask')).toBe(false);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(stored(1).relatedTasks.subtask).toHaveLength(1);
    relationsApi.deleteRelation.mockResolvedValue(undefined);
    expect(await actions.relations.remove(1, 2, 'subtask')).toBe(true);
    expect(stored(1).relatedTasks.subtask).toEqual([]);
    expect(stored(2).relatedTasks.parenttask).toEqual([]);
  });

  it('a new task related by title is created in the same list and related', async () => {
    tasksApi.createTask.mockResolvedValue(makeTask({ id: 3, title: 'Sand it first', listId: 5 }));
    relationsApi.createRelation.mockResolvedValue(undefined);
    expect(await actions.relations.addNew(stored(1), 'Sand it first', 'precedes')).toBe(true);
    expect(tasksApi.createTask).toHaveBeenCalledWith(5, { title: 'Sand it first' });
    expect(stored(3).relatedTasks.follows?.map((t) => t.id)).toEqual([1]);
    expect(stored(1).relatedTasks.precedes?.map((t) => t.id)).toEqual([3]);
  });
});

describe('attachments', () => {
  it('an upload adds what the server took to the task and tells each file it refused', async () => {
    putTasks([{ ...stored(1), attachments: [file(7, 'old.png')] }]);
    const refused = Object.assign(new Error('too large'), { code: 4012 });
    attachmentsApi.uploadAttachments.mockResolvedValue({ success: [file(8, 'new.png')], errors: [refused as never] });
    expect(await actions.attachments.upload(1, [new File(['x'], 'new.png')])).toHaveLength(1);
    expect(stored(1).attachments.map((a) => a.file.name)).toEqual(['old.png', 'new.png']);
    expect(toastError).toHaveBeenCalledWith(refused);
  });

  it('a deleted attachment leaves the task; a refused delete keeps it', async () => {
    putTasks([{ ...stored(1), attachments: [file(7, 'a.png'), file(8, 'b.png')] }]);
    attachmentsApi.deleteAttachment.mockRejectedValueOnce(new Error('No rights'));
    expect(await actions.attachments.remove(1, 7)).toBe(false);
    expect(stored(1).attachments).toHaveLength(2);
    attachmentsApi.deleteAttachment.mockResolvedValue(undefined);
    expect(await actions.attachments.remove(1, 7)).toBe(true);
    expect(stored(1).attachments.map((a) => a.id)).toEqual([8]);
  });
});

describe('comments', () => {
  it('are kept in the store by task: loaded, added, edited and deleted there', async () => {
    const comment = (id: number, text: string) => ({ id, comment: text, created: null, updated: null });
    commentsApi.getComments.mockResolvedValue([comment(1, 'First')]);
    commentsApi.createComment.mockResolvedValue(comment(2, 'Second'));
    commentsApi.updateComment.mockResolvedValue(comment(1, 'First, edited'));
    commentsApi.deleteComment.mockResolvedValue(undefined);
    const texts = () =>
      appStore
        .get(commentsByTaskAtom)
        .get(1)
        ?.map((c) => c.comment);
    expect(await actions.comments.load(1)).toBe(true);
    await actions.comments.create(1, 'Second');
    await actions.comments.update(1, 1, 'First, edited');
    expect(texts()).toEqual(['First, edited', 'Second']);
    await actions.comments.remove(1, 2);
    expect(texts()).toEqual(['First, edited']);
    clearStore();
    expect(texts()).toBeUndefined();
  });

  it('a failure is toasted and answered with null, not thrown', async () => {
    commentsApi.getComments.mockRejectedValue(new Error('offline'));
    commentsApi.createComment.mockRejectedValue(new Error('offline'));
    expect(await actions.comments.load(1)).toBe(false);
    expect(await actions.comments.create(1, 'Looks good')).toBeNull();
    expect(toastError).toHaveBeenCalledTimes(2);
  });
});

describe('bucket choices', () => {
  it('are read into the store by list; a list whose buckets cannot be read has none; signing out forgets them', async () => {
    bucketsApi.getBuckets.mockResolvedValueOnce([{ id: 1, title: 'To do', listId: 5, limit: 0, tasks: [], isDoneBucket: false, position: 1 }] as never);
    await actions.buckets.loadChoices(5);
    expect(appStore.get(bucketChoicesAtom).get(5)).toEqual([{ id: 1, title: 'To do' }]);
    expect(listHasBuckets(5)).toBe(true);
    bucketsApi.getBuckets.mockRejectedValueOnce(new Error('No rights'));
    await actions.buckets.loadChoices(6);
    expect(listHasBuckets(6)).toBe(false);
    clearStore();
    expect(listHasBuckets(5)).toBe(false);
  });
});
