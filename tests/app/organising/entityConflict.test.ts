// List, namespace, label, bucket and saved filter updates send If-Match; on 412/4090 the person's changes are kept over the
// server's current entity, the update is retried once and the caller is told. Fetch is mocked: the server's side is
// covered in tests/server/entityEtag.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getList, getAllLists, updateList } from '../../../src/api/lists';
import { getAllNamespaces, updateNamespace } from '../../../src/api/namespaces';
import { getLabel, updateLabel } from '../../../src/api/labels';
import { getBuckets, updateBucket } from '../../../src/api/buckets';
import { getFilter, updateFilter } from '../../../src/api/filters';
import { ApiError } from '../../../src/api/apiError';
import { etagOf, mergeEdits, ServerCopies } from '../../../src/api/conflicts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const T0 = '2030-01-01T10:00:00.000Z';
const T1 = '2030-01-01T10:05:00.000Z';
const T2 = '2030-01-01T10:06:00.000Z';
const tag = (id: number, at: string) => `"${id}-${Date.parse(at)}"`;
const conflict = (current: unknown) => json({ code: 4090, message: 'The list was changed since you loaded it.', current }, 412);
/** The server's answer to an update: what was sent, stamped anew. */
const echo = (id: number, extra: Record<string, unknown> = {}) => async (_url: string, init: RequestInit) =>
  json({ ...JSON.parse(String(init.body)), id, updated: T2, ...extra });

describe('conflict-safe updates of lists, namespaces, labels, buckets and saved filters', () => {
  const fetchMock = vi.fn();
  const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init: init as RequestInit, body: init?.body ? JSON.parse(String((init as RequestInit).body)) : null }));
  const ifMatch = (i: number) => new Headers(sent()[i].init.headers).get('if-match');
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('API_URL', 'http://api.test/api/v1');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const wireList = { id: 4, title: 'Groceries', description: 'weekly', identifier: 'GRO', hex_color: '', namespace_id: 2, is_archived: false, is_favorite: false, position: 1, updated: T0 };

  it('a list update sends If-Match built from the list it edits', async () => {
    fetchMock.mockResolvedValueOnce(json(wireList, 200, { 'x-max-right': '2' })).mockImplementationOnce(echo(4));
    const list = await getList(4);
    await updateList({ ...list, title: 'Food' });
    expect(sent()[1].url).toBe('http://api.test/api/v1/lists/4');
    expect(ifMatch(1)).toBe(tag(4, T0));
  });

  it('on 412/4090 a list keeps the changed fields, takes the others from the server, retries once and reports it', async () => {
    const theirs = { ...wireList, description: 'their notes', position: 9, updated: T1 };
    fetchMock.mockResolvedValueOnce(json({ ...wireList, id: 5 }, 200, { 'x-max-right': '2' })).mockResolvedValueOnce(conflict({ ...theirs, id: 5 })).mockImplementationOnce(echo(5));
    const list = await getList(5);
    const onMerged = vi.fn();
    const saved = await updateList({ ...list, title: 'Food', isArchived: true }, { onMerged });
    expect(onMerged).toHaveBeenCalledTimes(1);
    expect(ifMatch(2)).toBe(tag(5, T1));
    expect(sent()[2].body).toMatchObject({ title: 'Food', is_archived: true, description: 'their notes', position: 9, identifier: 'GRO' });
    expect(saved).toMatchObject({ title: 'Food', isArchived: true, description: 'their notes', maxRight: 2 });
  });

  it('a list loaded through the collection is a known version too; a second conflict is the caller\'s error', async () => {
    fetchMock
      .mockResolvedValueOnce(json([{ ...wireList, id: 6 }], 200, { 'x-pagination-total-pages': '1' }))
      .mockResolvedValueOnce(conflict({ ...wireList, id: 6, updated: T1 }))
      .mockResolvedValueOnce(conflict({ ...wireList, id: 6, updated: T2 }));
    const [list] = await getAllLists();
    const onMerged = vi.fn();
    await expect(updateList({ ...list, title: 'x' }, { onMerged })).rejects.toMatchObject({ status: 412, code: 4090 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onMerged).not.toHaveBeenCalled();
  });

  it('an edit from a version the app never saw is reported, not merged; other errors are not retried', async () => {
    fetchMock.mockResolvedValueOnce(conflict({ ...wireList, id: 7, updated: T1 }));
    const unseen = { id: 7, title: 'x', description: '', identifier: '', hexColor: '', namespaceId: 2, isArchived: false, isFavorite: false, position: 0, maxRight: 2, updated: new Date(T0) };
    await expect(updateList(unseen)).rejects.toMatchObject({ code: 4090 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json({ code: 3007, message: 'identifier taken' }, 400));
    await expect(updateList({ ...unseen, id: 8 })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a namespace update merges over the server\'s copy and keeps the lists the app holds', async () => {
    const wireNs = { id: 3, title: 'Home', description: 'house', hex_color: '', is_archived: false, updated: T0, lists: [{ ...wireList, id: 30, namespace_id: 3 }] };
    fetchMock
      .mockResolvedValueOnce(json([wireNs], 200, { 'x-pagination-total-pages': '1' }))
      .mockResolvedValueOnce(conflict({ ...wireNs, lists: undefined, description: 'their house', updated: T1 }))
      .mockImplementationOnce(echo(3));
    const [ns] = await getAllNamespaces();
    const onMerged = vi.fn();
    const saved = await updateNamespace({ ...ns, title: 'Flat' }, { onMerged });
    expect(ifMatch(1)).toBe(tag(3, T0));
    expect(ifMatch(2)).toBe(tag(3, T1));
    expect(sent()[2].body).toMatchObject({ title: 'Flat', description: 'their house' });
    expect(sent()[2].body.lists).toBeUndefined();
    expect(saved.lists.map((l) => l.id)).toEqual([30]);
    expect(onMerged).toHaveBeenCalledTimes(1);
  });

  it('a namespace\'s embedded lists are known versions for list edits', async () => {
    const wireNs = { id: 31, title: 'Work', updated: T0, lists: [{ ...wireList, id: 32, namespace_id: 31 }] };
    fetchMock
      .mockResolvedValueOnce(json([wireNs], 200, { 'x-pagination-total-pages': '1' }))
      .mockResolvedValueOnce(conflict({ ...wireList, id: 32, namespace_id: 31, title: 'Renamed by them', updated: T1 }))
      .mockImplementationOnce(echo(32));
    const [ns] = await getAllNamespaces();
    const saved = await updateList({ ...ns.lists[0], position: 5 });
    expect(saved).toMatchObject({ title: 'Renamed by them', position: 5 });
  });

  it('a label update merges the same way (colour changed by them, title by me)', async () => {
    const wireLabel = { id: 11, title: 'urgent', description: '', hex_color: 'e8e8e8', updated: T0 };
    fetchMock
      .mockResolvedValueOnce(json(wireLabel))
      .mockResolvedValueOnce(conflict({ ...wireLabel, hex_color: 'ff0000', updated: T1 }))
      .mockImplementationOnce(echo(11));
    const label = await getLabel(11);
    const onMerged = vi.fn();
    const saved = await updateLabel({ ...label, title: 'very urgent' }, { onMerged });
    expect(ifMatch(1)).toBe(tag(11, T0));
    expect(sent()[2].body).toMatchObject({ title: 'very urgent', hex_color: 'ff0000' });
    expect(saved.hexColor).toBe('ff0000');
    expect(onMerged).toHaveBeenCalledTimes(1);
  });

  it('a bucket update sends If-Match, merges its own fields only and answers the saved stamp', async () => {
    const wireBucket = { id: 21, title: 'Doing', list_id: 4, limit: 0, is_done_bucket: false, position: 100, updated: T0, tasks: [] };
    fetchMock
      .mockResolvedValueOnce(json([wireBucket], 200, { 'x-pagination-total-pages': '1' }))
      .mockResolvedValueOnce(conflict({ ...wireBucket, tasks: null, title: 'In progress', updated: T1 }))
      .mockImplementationOnce(async (_url: string, init: RequestInit) => {
        const b = JSON.parse(String(init.body));
        return json({ ...b, list_id: b.list_id, updated: T2 });
      });
    const [bucket] = await getBuckets(4);
    const onMerged = vi.fn();
    const saved = await updateBucket({ ...bucket, limit: 3 }, { onMerged });
    expect(sent()[1].url).toBe('http://api.test/api/v1/lists/4/buckets/21');
    expect(ifMatch(1)).toBe(tag(21, T0));
    expect(ifMatch(2)).toBe(tag(21, T1));
    expect(sent()[2].body).toMatchObject({ title: 'In progress', limit: 3 });
    expect(saved.updated).toEqual(new Date(T2));
    expect(onMerged).toHaveBeenCalledTimes(1);
  });

  it('a saved filter update sends If-Match; on 412/4090 my conditions are kept over their new title, and I am told', async () => {
    const conditions = { sort_by: ['id'], order_by: ['desc'], filter_by: ['done'], filter_value: ['false'], filter_comparator: ['equals'], filter_concat: 'and', filter_include_nulls: true };
    const wireFilter = { id: 41, title: 'Open', description: '', filters: conditions, is_favorite: false, updated: T0 };
    fetchMock
      .mockResolvedValueOnce(json(wireFilter, 200, { 'x-max-right': '2' }))
      .mockResolvedValueOnce(json({ code: 4090, message: 'The filter was changed since you loaded it.', current: { ...wireFilter, title: 'Open (work)', updated: T1 } }, 412))
      .mockImplementationOnce(echo(41));
    const filter = await getFilter(41);
    const onMerged = vi.fn();
    const mine = { ...filter.filters, filterValue: ['true'] };
    const saved = await updateFilter({ ...filter, filters: mine }, { onMerged });
    expect(sent()[1].url).toBe('http://api.test/api/v1/filters/41');
    expect(ifMatch(1)).toBe(tag(41, T0));
    expect(ifMatch(2)).toBe(tag(41, T1));
    expect(sent()[2].body).toMatchObject({ title: 'Open (work)', filters: { filter_by: ['done'], filter_value: ['true'] } });
    expect(saved).toMatchObject({ title: 'Open (work)', filters: { filterValue: ['true'] }, maxRight: 2 });
    expect(onMerged).toHaveBeenCalledTimes(1);
  });

  it('a copy a few saves old still merges against the version it started from', () => {
    const copies = new ServerCopies<{ id: number; updated: Date; title: string; note: string }>();
    const v0 = { id: 1, updated: new Date(T0), title: 'a', note: 'n' };
    copies.remember(v0);
    copies.remember({ ...v0, note: 'mine, saved before', updated: new Date(T1) });
    expect(copies.version(1, new Date(T0))).toBe(v0);
    expect(copies.version(1, null)).toBeUndefined();
    const current = { ...v0, note: 'mine, saved before', updated: new Date(T1) };
    expect(mergeEdits(v0, { ...v0, title: 'b' }, current)).toEqual({ ...current, title: 'b' });
    expect(etagOf(v0)).toBe(tag(1, T0));
    expect(etagOf({ id: 1, updated: null })).toBeNull();
  });
});
