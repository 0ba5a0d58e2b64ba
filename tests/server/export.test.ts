import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { multipartBody, TINY_PNG } from './multipart.js';
import { saveFile, readFileBytes } from '../../server/files.js';
import { collectExport, type ExportContent } from '../../server/export/buildExport.js';
import { openZip, writeZip } from '../../server/export/zip.js';
import { archiveReadLimits } from '../../server/export/importLimits.js';
import { runDueJobs } from '../../server/jobs.js';
import { outbox } from '../../server/mail.js';

type App = FastifyInstance;

/** Seeds a namespace with two lists, buckets, tasks with every sub-object, labels, an attachment, a background and a filter. */
async function seed(app: App, u: TestUser, other: TestUser) {
  const db = app.ctx.db;
  const t0 = '2024-01-02T03:04:05.000Z';
  const ins = async <T extends keyof import('../../server/db/schema.js').DB>(table: T, values: Record<string, unknown>) =>
    (await db
      .insertInto(table)
      .values(values as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow()) as unknown as { id: number };

  const ns = await ins('namespaces', { title: 'Work', description: 'All work', owner_id: u.id, hex_color: 'ff0000', is_archived: 0, created: t0, updated: t0 });
  const bg = await saveFile(db, app.ctx.config, TINY_PNG, { name: 'bg.png', mime: 'image/png', createdById: u.id });
  const list = await ins('lists', {
    title: 'Project',
    description: 'desc',
    identifier: 'PRJ',
    hex_color: '00ff00',
    namespace_id: ns.id,
    owner_id: u.id,
    is_archived: 0,
    background_file_id: bg.id,
    background_blur_hash: 'LKO2?U%2Tw=w',
    position: 65536,
    created: t0,
    updated: t0,
  });
  const archived = await ins('lists', { title: 'Old', namespace_id: ns.id, owner_id: u.id, is_archived: 1, position: 131072, created: t0, updated: t0 });
  const backlog = await ins('buckets', {
    title: 'Backlog',
    list_id: list.id,
    limit: 0,
    is_done_bucket: 0,
    position: 1,
    created_by_id: u.id,
    created: t0,
    updated: t0,
  });
  const oldBacklog = await ins('buckets', {
    title: 'Backlog',
    list_id: archived.id,
    limit: 0,
    is_done_bucket: 0,
    position: 1,
    created_by_id: u.id,
    created: t0,
    updated: t0,
  });
  const doneB = await ins('buckets', {
    title: 'Done',
    list_id: list.id,
    limit: 5,
    is_done_bucket: 1,
    position: 2,
    created_by_id: u.id,
    created: t0,
    updated: t0,
  });

  const task = (extra: Record<string, unknown>) => ({
    description: '',
    done: 0,
    done_at: null,
    due_date: null,
    list_id: list.id,
    repeat_after: 0,
    repeat_mode: 0,
    priority: 0,
    start_date: null,
    end_date: null,
    hex_color: '',
    percent_done: 0,
    uid: '',
    cover_image_attachment_id: 0,
    created_by_id: u.id,
    bucket_id: backlog.id,
    position: 0,
    kanban_position: 0,
    created: t0,
    updated: t0,
    ...extra,
  });
  const t1 = await ins(
    'tasks',
    task({
      title: 'Write report',
      description: '<p>With <b>HTML</b></p>',
      due_date: '2024-02-01T10:00:00.000Z',
      start_date: '2024-01-20T08:00:00.000Z',
      end_date: '2024-01-25T18:00:00.000Z',
      repeat_after: 86400,
      repeat_mode: 0,
      priority: 4,
      hex_color: 'abcdef',
      percent_done: 0.5,
      index: 1,
      uid: 'uid-1',
      position: 65536,
      kanban_position: 65536,
    }),
  );
  const t2 = await ins(
    'tasks',
    task({ title: 'Ship it', done: 1, done_at: '2024-01-03T00:00:00.000Z', bucket_id: doneB.id, index: 2, repeat_mode: 1, position: 131072 }),
  );
  const t3 = await ins('tasks', task({ title: 'Archived thing', list_id: archived.id, bucket_id: oldBacklog.id, index: 1 }));

  await ins('task_reminders', { task_id: t1.id, reminder: '2024-01-31T09:00:00.000Z', created: t0 });
  await ins('task_reminders', { task_id: t1.id, reminder: '2024-01-30T09:00:00.000Z', created: t0 });
  await ins('task_assignees', { task_id: t1.id, user_id: u.id, created: t0 });
  await ins('task_assignees', { task_id: t2.id, user_id: other.id, created: t0 });
  const urgent = await ins('labels', { title: 'urgent', description: 'now!', hex_color: 'e00000', created_by_id: u.id, created: t0, updated: t0 });
  const home = await ins('labels', { title: 'home', hex_color: '', created_by_id: u.id, created: t0, updated: t0 });
  await ins('label_tasks', { task_id: t1.id, label_id: urgent.id, created: t0 });
  await ins('label_tasks', { task_id: t1.id, label_id: home.id, created: t0 });
  await ins('label_tasks', { task_id: t2.id, label_id: urgent.id, created: t0 });
  await ins('task_relations', { task_id: t1.id, other_task_id: t2.id, relation_kind: 'subtask', created_by_id: u.id, created: t0 });
  await ins('task_relations', { task_id: t2.id, other_task_id: t1.id, relation_kind: 'parenttask', created_by_id: u.id, created: t0 });
  await ins('task_relations', { task_id: t1.id, other_task_id: t3.id, relation_kind: 'related', created_by_id: u.id, created: t0 });
  await ins('task_relations', { task_id: t3.id, other_task_id: t1.id, relation_kind: 'related', created_by_id: u.id, created: t0 });
  await ins('task_comments', { comment: 'First!', author_id: u.id, task_id: t1.id, created: t0, updated: t0 });
  const file = await saveFile(db, app.ctx.config, Buffer.from('attachment bytes \u0000\u0001'), { name: 'notes.txt', mime: 'text/plain', createdById: u.id });
  const att = await ins('task_attachments', { task_id: t1.id, file_id: file.id, created_by_id: u.id, created: t0 });
  await db.updateTable('tasks').set({ cover_image_attachment_id: att.id }).where('id', '=', t1.id).execute();
  await ins('favorites', { entity_id: t1.id, user_id: u.id, kind: 1, created: t0 });
  await ins('favorites', { entity_id: list.id, user_id: u.id, kind: 2, created: t0 });
  const filter = await ins('saved_filters', {
    title: 'Urgent stuff',
    description: '',
    owner_id: u.id,
    filters: JSON.stringify({ filter_by: ['done'], filter_value: ['false'] }),
    created: t0,
    updated: t0,
  });
  await ins('favorites', { entity_id: -(filter.id + 1), user_id: u.id, kind: 2, created: t0 });
}

/** The content with everything that legitimately changes on import (ids, owners, uid, identifiers) taken out. */
function normalise(c: ExportContent, me: string) {
  const titleOfBucket = new Map<number, string>();
  for (const ns of c.namespaces) for (const l of ns.lists) for (const b of l.buckets) titleOfBucket.set(b.id, b.title);
  const fileNameOfAttachment = new Map<number, string>();
  for (const ns of c.namespaces)
    for (const l of ns.lists) for (const t of l.tasks) for (const a of t.attachments ?? []) fileNameOfAttachment.set(a.id, a.file.name);
  return {
    namespaces: c.namespaces.map(({ id: _i, owner: _o, lists, ...ns }) => ({
      ...ns,
      lists: lists.map(({ id: _l, namespace_id: _n, owner: _lo, background_file_id: _b, background_file, identifier: _id, buckets, tasks, ...l }) => ({
        ...l,
        background_file: background_file && { name: background_file.name, mime: background_file.mime, size: background_file.size },
        buckets: buckets.map(({ id: _bi, list_id: _bl, ...b }) => b),
        tasks: tasks.map(
          ({
            id: _t,
            list_id: _tl,
            uid: _u,
            identifier: _ti,
            bucket_id,
            cover_image_attachment_id,
            created_by,
            assignees,
            labels,
            attachments,
            comments,
            related_tasks,
            ...t
          }) => ({
            ...t,
            bucket: titleOfBucket.get(bucket_id) ?? null,
            cover: fileNameOfAttachment.get(cover_image_attachment_id) ?? null,
            created_by_me: created_by?.username === me,
            // Only the exporter's own assignments can carry over to another account.
            assignees: (assignees ?? []).filter((a) => a.username === me).map(() => 'me'),
            labels: (labels ?? []).map(({ id: _x, created_by: _c, ...l }) => l),
            attachments: (attachments ?? []).map((a) => ({
              created: a.created,
              name: a.file.name,
              mime: a.file.mime,
              size: a.file.size,
              file_created: a.file.created,
            })),
            comments: (comments ?? []).map((cm) => ({ comment: cm.comment, created: cm.created, updated: cm.updated })),
            related: Object.fromEntries(Object.entries(related_tasks).map(([k, v]) => [k, v.map((r) => r.title).sort()])),
          }),
        ),
      })),
    })),
    filters: c.filters.map(({ id: _f, ...f }) => f),
  };
}

describe('data export and import', () => {
  let app: App;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    alice = await makeUser(app, 'alice');
    bob = await makeUser(app, 'bob');
    carol = await makeUser(app, 'carol');
    await seed(app, alice, carol);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a wrong password and has nothing to download before a request', async () => {
    let res = await call(app, 'POST', '/user/export/request', { token: alice.token, body: { password: 'nope' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1011);
    res = await call(app, 'POST', '/user/export/download', { token: alice.token, body: { password: alice.password } });
    expect(res.statusCode).toBe(404);
  });

  it('round-trips: export, download, import into another account recreates everything', async () => {
    outbox.length = 0;
    let res = await call(app, 'POST', '/user/export/request', { token: alice.token, body: { password: alice.password } });
    expect(res.statusCode).toBe(200);
    const mails = outbox.filter((m) => m.to === alice.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/export/i);
    expect(mails[0].text).toContain(`${app.ctx.config.publicUrl}user/export/download`);

    res = await call(app, 'POST', '/user/export/download', { token: alice.token, body: { password: 'wrong' } });
    expect(res.json().code).toBe(1011);
    res = await call(app, 'POST', '/user/export/download', { token: alice.token, body: { password: alice.password } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = res.rawPayload;

    const entries = await openZip(zip, archiveReadLimits(app.ctx.config));
    expect(entries.names()).toEqual(expect.arrayContaining(['VERSION', 'data.json', 'filters.json']));
    expect((await entries.read('VERSION'))!.toString()).toMatch(/^v0\.20/);
    const data = JSON.parse((await entries.read('data.json'))!.toString());
    expect(data[0].lists[0].tasks[0]).toMatchObject({ title: 'Write report', priority: 4, percent_done: 0.5 });
    expect(entries.names().filter((k) => k.startsWith('files/'))).toHaveLength(2);
    entries.close();

    res = await call(app, 'GET', '/migration/vikunja-file/status', { token: bob.token });
    expect(res.json()).toMatchObject({ id: 0, migrator_name: '', time: '0001-01-01T00:00:00Z' });

    // Bob already has a label "urgent": the import reuses it instead of creating a second one.
    const now = new Date().toISOString();
    const bobsUrgent = await app.ctx.db
      .insertInto('labels')
      .values({
        title: 'urgent',
        description: 'now!',
        hex_color: 'e00000',
        created_by_id: bob.id,
        created: '2024-01-02T03:04:05.000Z',
        updated: '2024-01-02T03:04:05.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const body = multipartBody([{ field: 'import', filename: 'export.zip', contentType: 'application/zip', data: zip }]);
    res = await app.inject({
      method: 'PUT',
      url: '/api/v1/migration/vikunja-file/migrate',
      headers: { ...body.headers, authorization: `Bearer ${bob.token}` },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();

    const before = normalise(await collectExport(app.ctx.db, alice.id), 'alice');
    const after = normalise(await collectExport(app.ctx.db, bob.id), 'bob');
    expect(after).toEqual(before);

    const bobLabels = await app.ctx.db.selectFrom('labels').select(['id', 'title']).where('created_by_id', '=', bob.id).execute();
    expect(bobLabels.map((l) => l.title).sort()).toEqual(['home', 'urgent']);
    expect(bobLabels.find((l) => l.title === 'urgent')!.id).toBe(bobsUrgent.id);

    // Attachment and background bytes are copies, not shared rows.
    const bobTasks = await app.ctx.db
      .selectFrom('tasks')
      .innerJoin('lists', 'lists.id', 'tasks.list_id')
      .select(['tasks.id', 'lists.identifier'])
      .where('lists.owner_id', '=', bob.id)
      .execute();
    expect(bobTasks.length).toBe(3);
    expect(bobTasks.every((t) => t.identifier === '')).toBe(true); // "PRJ" is Alice's, identifiers are unique
    const att = await app.ctx.db
      .selectFrom('task_attachments')
      .select('file_id')
      .where(
        'task_id',
        'in',
        bobTasks.map((t) => t.id),
      )
      .executeTakeFirstOrThrow();
    expect((await readFileBytes(app.ctx.config, att.file_id))?.toString()).toBe('attachment bytes \u0000\u0001');
    const bgList = await app.ctx.db
      .selectFrom('lists')
      .select('background_file_id')
      .where('owner_id', '=', bob.id)
      .where('title', '=', 'Project')
      .executeTakeFirstOrThrow();
    expect((await readFileBytes(app.ctx.config, bgList.background_file_id!))?.equals(TINY_PNG)).toBe(true);
    expect(
      await app.ctx.db
        .selectFrom('task_assignees')
        .select('user_id')
        .where(
          'task_id',
          'in',
          bobTasks.map((t) => t.id),
        )
        .execute(),
    ).toEqual([{ user_id: bob.id }]);

    // The task routes read the imported rows like any others.
    res = await call(app, 'GET', '/tasks/all', { token: bob.token });
    expect(res.statusCode).toBe(200);
    const viaApi = res.json() as {
      title: string;
      labels: { title: string }[] | null;
      attachments: unknown[] | null;
      related_tasks: Record<string, unknown[]>;
    }[];
    const report = viaApi.find((t) => t.title === 'Write report')!;
    expect(report.labels?.map((l) => l.title).sort()).toEqual(['home', 'urgent']);
    expect(report.attachments).toHaveLength(1);
    expect(Object.keys(report.related_tasks).sort()).toEqual(['related', 'subtask']);

    res = await call(app, 'GET', '/migration/vikunja-file/status', { token: bob.token });
    expect(res.json().migrator_name).toBe('vikunja-file');
    expect(res.json().id).toBeGreaterThan(0);
    expect(res.json().time).not.toBe('0001-01-01T00:00:00Z');
    expect(res.json().created).toBe(res.json().time);
    void now;
  });

  it('rejects archives that are not exports, and leaves nothing behind when an import fails', async () => {
    const dave = await makeUser(app, 'dave');
    const countFiles = async () => (await app.ctx.db.selectFrom('files').select('id').execute()).length;
    const filesBefore = await countFiles();
    const send = (data: Buffer) => {
      const body = multipartBody([{ field: 'import', filename: 'x.zip', contentType: 'application/zip', data }]);
      return app.inject({
        method: 'PUT',
        url: '/api/v1/migration/vikunja-file/migrate',
        headers: { ...body.headers, authorization: `Bearer ${dave.token}` },
        payload: body.payload,
      });
    };
    expect((await send(Buffer.from('definitely not a zip'))).statusCode).toBe(400);
    expect((await send(await writeZip([{ name: 'hello.txt', data: 'hi' }]))).statusCode).toBe(400);
    expect(
      (
        await send(
          await writeZip([
            { name: 'VERSION', data: 'v0.20' },
            { name: 'data.json', data: '{broken' },
          ]),
        )
      ).statusCode,
    ).toBe(400);
    // Sloppy values fall back to defaults instead of failing the import.
    const sloppy = await writeZip([
      { name: 'VERSION', data: 'v0.20' },
      {
        name: 'data.json',
        data: JSON.stringify([
          {
            title: 'ns',
            lists: [
              { title: 'fine', background_file: { id: 7, name: 'b.png', mime: 'image/png' }, tasks: [{ title: 't', due_date: 'not a date' }] },
              {
                title: '',
                position: 'x',
                buckets: [{ id: 1, title: 'b', position: 1, limit: -3 }],
                tasks: [{ title: 'x', bucket_id: 1, percent_done: '50%' }],
              },
            ],
          },
        ]),
      },
      { name: 'files/7', data: TINY_PNG },
    ]);
    expect((await send(sloppy)).statusCode).toBe(200);
    expect((await app.ctx.db.selectFrom('namespaces').select('id').where('owner_id', '=', dave.id).execute()).length).toBe(1);
    expect(await countFiles()).toBe(filesBefore + 1);

    // A failure half-way (here: the comments table is gone) rolls back every row and the stored bytes.
    const erin = await makeUser(app, 'erin');
    const failing = await writeZip([
      { name: 'VERSION', data: 'v0.20' },
      {
        name: 'data.json',
        data: JSON.stringify([
          { title: 'ns', lists: [{ title: 'l', background_file: { id: 7, name: 'b.png' }, tasks: [{ title: 't', comments: [{ comment: 'hi' }] }] }] },
        ]),
      },
      { name: 'files/7', data: TINY_PNG },
    ]);
    await sql`alter table task_comments rename to task_comments_gone`.execute(app.ctx.db);
    try {
      const body = multipartBody([{ field: 'import', filename: 'x.zip', contentType: 'application/zip', data: failing }]);
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/migration/vikunja-file/migrate',
        headers: { ...body.headers, authorization: `Bearer ${erin.token}` },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table task_comments_gone rename to task_comments`.execute(app.ctx.db);
    }
    expect(await app.ctx.db.selectFrom('namespaces').select('id').where('owner_id', '=', erin.id).execute()).toEqual([]);
    expect(await app.ctx.db.selectFrom('migration_status').select('id').where('user_id', '=', erin.id).execute()).toEqual([]);
    const fileRows = await app.ctx.db.selectFrom('files').select('id').orderBy('id', 'desc').execute();
    expect(fileRows.length).toBe(filesBefore + 1);
    expect(await readFileBytes(app.ctx.config, fileRows[0].id + 1)).toBeNull();

    const bad = sloppy;
    const noField = multipartBody([{ field: 'file', filename: 'x.zip', contentType: 'application/zip', data: bad }]);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/migration/vikunja-file/migrate',
      headers: { ...noField.headers, authorization: `Bearer ${dave.token}` },
      payload: noField.payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it("imports an archive in the reference server's shape (background named only by id)", async () => {
    const fay = await makeUser(app, 'fay');
    const zip = await writeZip([
      { name: 'VERSION', data: 'v0.20.4' },
      {
        name: 'data.json',
        data: JSON.stringify([
          {
            id: 1,
            title: 'Inbox',
            owner: { id: 99, username: 'fay-elsewhere' },
            lists: [
              {
                id: 5,
                title: 'Groceries',
                background_file_id: 12,
                buckets: [{ id: 3, title: 'Backlog', position: 1 }],
                tasks: [
                  {
                    id: 8,
                    title: 'Milk',
                    bucket_id: 3,
                    done: true,
                    done_at: '2023-05-01T10:00:00Z',
                    due_date: '0001-01-01T00:00:00Z',
                    labels: [{ id: 4, title: 'shop' }],
                    assignees: [{ id: 99, username: 'fay-elsewhere' }],
                    attachments: [{ id: 2, file: { id: 13, name: 'list.txt', mime: 'text/plain', size: 3 } }],
                  },
                ],
              },
            ],
          },
        ]),
      },
      { name: 'filters.json', data: 'null' },
      { name: 'files/12', data: TINY_PNG },
      { name: 'files/13', data: 'abc' },
    ]);
    const body = multipartBody([{ field: 'import', filename: 'vikunja-export.zip', contentType: 'application/zip', data: zip }]);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/migration/vikunja-file/migrate',
      headers: { ...body.headers, authorization: `Bearer ${fay.token}` },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const content = await collectExport(app.ctx.db, fay.id);
    const list = content.namespaces[0].lists[0];
    expect(list.background_file?.name).toBe('background');
    const task = list.tasks[0];
    expect(task).toMatchObject({ title: 'Milk', done: true, done_at: '2023-05-01T10:00:00.000Z', due_date: '0001-01-01T00:00:00Z' });
    expect(task.labels?.map((l) => l.title)).toEqual(['shop']);
    expect(task.assignees?.map((a) => a.username)).toEqual(['fay']);
    expect(task.attachments?.map((a) => a.file.name)).toEqual(['list.txt']);
  });

  it('removes exports older than 7 days in the job runner', async () => {
    const row = await app.ctx.db.selectFrom('users').select('export_file_id').where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row.export_file_id).not.toBeNull();
    let report = await runDueJobs(app.ctx, new Date(Date.now() + 6 * 24 * 3600 * 1000));
    expect(report.removedExports).toBe(0);
    report = await runDueJobs(app.ctx, new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(report.removedExports).toBe(1);
    const after = await app.ctx.db.selectFrom('users').select('export_file_id').where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(after.export_file_id).toBeNull();
    expect(await readFileBytes(app.ctx.config, row.export_file_id!)).toBeNull();
    const res = await call(app, 'POST', '/user/export/download', { token: alice.token, body: { password: alice.password } });
    expect(res.statusCode).toBe(404);
  });
});
