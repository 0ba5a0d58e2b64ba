import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { multipartBody } from './multipart.js';
import { durationSeconds, tickTickContent, tickTickDate, tickTickRepeat } from '../../server/export/ticktick.js';

const HEADER =
  '"Folder Name","List Name","Title","Kind","Tags","Content","Is Check list","Start Date","Due Date","Reminder","Repeat","Priority","Status","Created Time","Completed Time","Order","Timezone","Is All Day","Is Floating","Column Name","Column Order","View Mode","taskId","parentId"';

/** A backup as TickTick writes it: three lines about the file (one a quoted multi-line legend), then the header and rows. */
function backup(rows: string[]): string {
  return ['"Date: 2026-11-20+0000"', '"Version: 7.1"', '"Status: \n0 Normal\n1 Completed\n2 Archived"', HEADER, ...rows].join('\n');
}

const ROWS = [
  // A task with tags, dates, a reminder 15 minutes before due, a weekly repeat, high priority, in the "Doing" column.
  '"Work","Projects","Write report","TEXT","report, urgent","Draft, then send","N","2026-11-20T08:00:00+0000","2026-11-27T17:00:00+0000","-PT15M","RRULE:FREQ=WEEKLY;INTERVAL=2","5","0","2026-11-01T10:00:00+0000","","1","UTC","false","false","Doing","2","kanban","101",""',
  // Its subtask, completed, in the "To do" column (which is ordered first).
  '"Work","Projects","Collect numbers","TEXT","","","N","","","","","1","2","2026-11-02T10:00:00+0000","2026-11-03T12:00:00+0000","2","UTC","false","false","To do","1","kanban","102","101"',
  // A checklist in a list without a folder; content with a comma and a quote.
  '"","Groceries","Shopping","CHECKLIST","urgent","▫Milk, 2 ""big""\n▪Bread","Y","","","","RRULE:FREQ=MONTHLY;INTERVAL=1","3","0","","","1","UTC","true","false","","","list","103",""',
];

describe('TickTick backup conversion', () => {
  it('reads TickTick dates with a +0000 offset, and nothing from empty or broken ones', () => {
    expect(tickTickDate('2026-11-27T17:00:00+0000')).toBe('2026-11-27T17:00:00.000Z');
    expect(tickTickDate('2026-11-27T17:00:00+0130')).toBe('2026-11-27T15:30:00.000Z');
    expect(tickTickDate('')).toBeNull();
    expect(tickTickDate('tomorrow-ish')).toBeNull();
  });

  it('reads reminder durations before and after, and refuses what is not a duration', () => {
    expect(durationSeconds('-PT15M')).toBe(-900);
    expect(durationSeconds('PT0S')).toBe(0);
    expect(durationSeconds('-P1DT2H')).toBe(-(86_400 + 7_200));
    expect(durationSeconds('P1W')).toBe(604_800);
    expect(durationSeconds('-P')).toBeNull();
    expect(durationSeconds('15 minutes')).toBeNull();
  });

  it('maps RRULEs to repeat intervals, monthly to the monthly mode, and unknown rules to no repeat', () => {
    expect(tickTickRepeat('RRULE:FREQ=DAILY;INTERVAL=1')).toEqual({ repeat_after: 86_400, repeat_mode: 0 });
    expect(tickTickRepeat('RRULE:FREQ=WEEKLY;INTERVAL=2')).toEqual({ repeat_after: 2 * 604_800, repeat_mode: 0 });
    expect(tickTickRepeat('RRULE:FREQ=MONTHLY;INTERVAL=1')).toEqual({ repeat_after: 0, repeat_mode: 1 });
    expect(tickTickRepeat('RRULE:FREQ=MONTHLY;INTERVAL=3')).toEqual({ repeat_after: 90 * 86_400, repeat_mode: 0 });
    expect(tickTickRepeat('FREQ=YEARLY')).toEqual({ repeat_after: 365 * 86_400, repeat_mode: 0 });
    expect(tickTickRepeat('')).toEqual({ repeat_after: 0, repeat_mode: 0 });
    expect(tickTickRepeat('RRULE:FREQ=SOMETIMES')).toEqual({ repeat_after: 0, repeat_mode: 0 });
  });

  it('groups rows into folders and lists, with buckets, labels, reminders, subtasks and checklists', () => {
    const { namespaces } = tickTickContent(backup(ROWS), new Date('2026-11-25T00:00:00Z'));
    const data = namespaces as { title: string; lists: { title: string; buckets: { id: number; title: string; position: number }[]; tasks: Record<string, unknown>[] }[] }[];
    expect(data.map((n) => n.title)).toEqual(['Work', 'Imported from TickTick']);
    const [projects] = data[0].lists;
    expect(projects.title).toBe('Projects');
    // Buckets in the columns' order: "To do" (order 1) before "Doing" (order 2).
    expect([...projects.buckets].sort((a, b) => a.position - b.position).map((b) => b.title)).toEqual(['To do', 'Doing']);
    const [report, numbers] = projects.tasks;
    expect(report).toMatchObject({
      title: 'Write report',
      description: 'Draft, then send',
      due_date: '2026-11-27T17:00:00.000Z',
      start_date: '2026-11-20T08:00:00.000Z',
      reminder_dates: ['2026-11-27T16:45:00.000Z'],
      repeat_after: 2 * 604_800,
      priority: 3,
      done: false,
      labels: [{ id: 1, title: 'report' }, { id: 2, title: 'urgent' }],
      bucket_id: projects.buckets.find((b) => b.title === 'Doing')!.id,
      related_tasks: { subtask: [{ id: numbers.id }] },
    });
    expect(numbers).toMatchObject({ done: true, done_at: '2026-11-03T12:00:00.000Z', priority: 1, related_tasks: { parenttask: [{ id: report.id }] } });
    const shopping = data[1].lists[0].tasks[0];
    expect(data[1].lists[0].title).toBe('Groceries');
    expect(shopping).toMatchObject({ description: '* [ ] Milk, 2 "big"\n* [x] Bread', repeat_mode: 1, priority: 2, labels: [{ id: 2, title: 'urgent' }] });
  });

  it('refuses a file without the TickTick header row, with a clear message', () => {
    expect(() => tickTickContent('"Title","Due"\n"a","b"')).toThrow(/not a TickTick backup/);
    expect(() => tickTickContent('')).toThrow(/not a TickTick backup/);
  });
});

describe('PUT /migration/ticktick/migrate', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const upload = (token: string, csv: string, field = 'import') => {
    const body = multipartBody([{ field, filename: 'ticktick.csv', contentType: 'text/csv', data: Buffer.from(csv) }]);
    return app.inject({ method: 'PUT', url: '/api/v1/migration/ticktick/migrate', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
  };

  it('is listed in /info', async () => {
    const res = await call(app, 'GET', '/info');
    expect(res.json().available_migrators).toEqual(expect.arrayContaining(['vikunja-file', 'ticktick']));
  });

  it('imports a backup: the tasks, their labels, reminders and subtasks are there through the API, and the status records it', async () => {
    let res = await call(app, 'GET', '/migration/ticktick/status', { token: u.token });
    expect(res.json()).toMatchObject({ id: 0, migrator_name: '', time: '0001-01-01T00:00:00Z' });

    res = await upload(u.token, backup(ROWS));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();

    res = await call(app, 'GET', '/namespaces', { token: u.token });
    const namespaces = res.json() as { id: number; title: string; lists: { id: number; title: string }[] }[];
    const work = namespaces.find((n) => n.title === 'Work')!;
    expect(work.lists.map((l) => l.title)).toEqual(['Projects']);
    expect(namespaces.find((n) => n.title === 'Imported from TickTick')!.lists.map((l) => l.title)).toEqual(['Groceries']);

    const projectId = work.lists[0].id;
    res = await call(app, 'GET', `/lists/${projectId}/tasks?sort_by=id&order_by=asc`, { token: u.token });
    const tasks = res.json() as Record<string, unknown>[];
    expect(tasks.map((t) => t.title)).toEqual(['Write report', 'Collect numbers']);
    const [report, numbers] = tasks as { id: number; labels: { title: string }[]; reminder_dates: string[]; related_tasks: Record<string, { id: number }[]>; due_date: string; done: boolean; identifier: string }[];
    expect(report.labels.map((l) => l.title).sort()).toEqual(['report', 'urgent']);
    expect(report.due_date).toBe('2026-11-27T17:00:00.000Z');
    expect(report.reminder_dates).toEqual(['2026-11-27T16:45:00.000Z']);
    expect(report.related_tasks.subtask.map((t) => t.id)).toEqual([numbers.id]);
    expect(numbers.done).toBe(true);
    expect(numbers.related_tasks.parenttask.map((t) => t.id)).toEqual([report.id]);

    res = await call(app, 'GET', `/lists/${projectId}/buckets`, { token: u.token });
    expect((res.json() as { title: string }[]).map((b) => b.title)).toEqual(['To do', 'Doing']);

    // "urgent" is one label, shared by both lists' tasks.
    res = await call(app, 'GET', '/labels', { token: u.token });
    expect((res.json() as { title: string }[]).filter((l) => l.title === 'urgent')).toHaveLength(1);

    res = await call(app, 'GET', '/migration/ticktick/status', { token: u.token });
    expect(res.json().migrator_name).toBe('ticktick');
    expect(res.json().time).not.toBe('0001-01-01T00:00:00Z');
    // The other migrator's status is its own.
    res = await call(app, 'GET', '/migration/vikunja-file/status', { token: u.token });
    expect(res.json().migrator_name).toBe('');
  });

  it('refuses a file that is not a TickTick backup, or a request without the file, and creates nothing', async () => {
    const other = await makeUser(app);
    let res = await upload(other.token, 'just,some\ncsv,text\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not a TickTick backup/);
    res = await upload(other.token, backup(ROWS), 'wrong-field');
    expect(res.statusCode).toBe(400);
    res = await call(app, 'GET', '/namespaces', { token: other.token });
    // No namespace of their own came of it (the pseudo namespaces may be listed; `null` when there are none).
    expect(((res.json() as { id: number }[] | null) ?? []).filter((n) => n.id > 0)).toEqual([]);
    res = await call(app, 'GET', '/migration/ticktick/status', { token: other.token });
    expect(res.json().migrator_name).toBe('');
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/migration/ticktick/status' });
    expect(res.statusCode).toBe(401);
  });
});
