// Background jobs: reminder e-mails, the daily overdue summary, and claims that let each piece of work run once
// however many runners (server processes) look for it at the same moment.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from './helpers.js';
import { makeUser, makeNamespace, makeList, shareList, call, type TestUser } from './fixtures.js';
import { runDueJobs, claimWindow, summaryDueIn } from '../../server/jobs.js';
import { openDatabase, type Db } from '../../server/db/database.js';
import { outbox } from '../../server/mail.js';

const MIN = 60_000;
const mailsTo = (u: TestUser, subject?: RegExp) => outbox.filter((m) => m.to === u.email && (!subject || subject.test(m.subject)));

/** Later than anything other tests of this server ran the jobs at, so every run here claims a fresh window. */
let clock = Date.UTC(2031, 0, 6, 12, 0);

describe('reminder e-mails', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let assignee: TestUser;
  let listId: number;
  beforeAll(async () => {
    app = await createTestServer();
    owner = await makeUser(app);
    assignee = await makeUser(app);
    const ns = await makeNamespace(app, owner.id);
    listId = (await makeList(app, owner.id, ns, { title: 'Home' })).id;
    await shareList(app, listId, assignee.id, 1);
  });
  afterAll(async () => {
    await app.close();
  });

  async function taskWithReminder(at: number, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await call(app, 'PUT', `/lists/${listId}`, { token: owner.token, body: { title: `Water plants ${at}`, reminder_dates: [new Date(at).toISOString()], ...extra } });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  it('mails the creator and the assignees once, when the reminder comes due, and never again', async () => {
    const at = (clock += 10 * MIN);
    const id = await taskWithReminder(at);
    await call(app, 'PUT', `/tasks/${id}/assignees`, { token: owner.token, body: { user_id: assignee.id } });
    const before = { owner: mailsTo(owner).length, assignee: mailsTo(assignee).length };

    await runDueJobs(app.ctx, new Date(at - 30_000));
    expect(mailsTo(owner).length).toBe(before.owner);
    const report = await runDueJobs(app.ctx, new Date(at + 30_000));
    expect(report.reminderMails).toBe(2);
    const mail = mailsTo(owner).at(-1)!;
    expect(mail.subject).toBe(`Reminder for "Water plants ${at}" (Home)`);
    expect(mail.text).toContain(`${app.ctx.config.publicUrl}tasks/${id}`);
    expect(mailsTo(assignee).length).toBe(before.assignee + 1);

    await runDueJobs(app.ctx, new Date(at + 90_000));
    await runDueJobs(app.ctx, new Date(at + 30_000));
    expect(mailsTo(owner).length).toBe(before.owner + 1);
  });

  it('skips done tasks, people who turned reminders off, and people who lost access to the list', async () => {
    const at = (clock += 10 * MIN);
    await runDueJobs(app.ctx, new Date(at - 30_000));
    const doneTask = await taskWithReminder(at, { done: true });
    const openTask = await taskWithReminder(at);
    await call(app, 'PUT', `/tasks/${openTask}/assignees`, { token: owner.token, body: { user_id: assignee.id } });
    await app.ctx.db.updateTable('users').set({ email_reminders_enabled: 0 }).where('id', '=', owner.id).execute();
    await app.ctx.db.deleteFrom('users_lists').where('user_id', '=', assignee.id).execute();
    const before = outbox.length;
    const report = await runDueJobs(app.ctx, new Date(at + 30_000));
    expect(report.reminderMails).toBe(0);
    expect(outbox.length).toBe(before);
    expect(doneTask).toBeGreaterThan(0);
    await app.ctx.db.updateTable('users').set({ email_reminders_enabled: 1 }).where('id', '=', owner.id).execute();
    await shareList(app, listId, assignee.id, 1);
  });

  it('after an outage mails the reminders of the last hour, not older ones', async () => {
    const start = (clock += 10 * MIN);
    await runDueJobs(app.ctx, new Date(start));
    const old = await taskWithReminder(start + 5 * MIN);
    const recent = await taskWithReminder(start + 3 * 60 * MIN);
    const report = await runDueJobs(app.ctx, new Date(start + 3 * 60 * MIN + MIN));
    clock = start + 3 * 60 * MIN + MIN;
    expect(report.reminderMails).toBe(1);
    expect(mailsTo(owner).at(-1)!.subject).toContain(`Water plants ${start + 3 * 60 * MIN}`);
    expect(old).not.toBe(recent);
  });

  it('sends the daily overdue summary at the person\'s time in their time zone, once', async () => {
    // 2031-01-10 is winter: Berlin is UTC+1, so 9:00 there is 08:00 UTC.
    await app.ctx.db.updateTable('users').set({ timezone: 'Europe/Berlin', overdue_tasks_reminders_time: '9:00' }).where('id', '=', owner.id).execute();
    await app.ctx.db.updateTable('users').set({ overdue_tasks_reminders_enabled: 0 }).where('id', '=', assignee.id).execute();
    await runDueJobs(app.ctx, new Date('2031-01-10T07:00:00Z'));
    await call(app, 'PUT', `/lists/${listId}`, { token: owner.token, body: { title: 'Pay rent', due_date: '2031-01-09T10:00:00Z' } });
    await call(app, 'PUT', `/lists/${listId}`, { token: owner.token, body: { title: 'Paid already', due_date: '2031-01-09T10:00:00Z', done: true } });
    await call(app, 'PUT', `/lists/${listId}`, { token: owner.token, body: { title: 'Not yet due', due_date: '2031-01-30T10:00:00Z' } });
    await runDueJobs(app.ctx, new Date('2031-01-10T07:59:00Z'));
    expect(mailsTo(owner, /overdue/)).toEqual([]);
    const report = await runDueJobs(app.ctx, new Date('2031-01-10T08:00:30Z'));
    expect(report.overdueMails).toBe(1);
    const mail = mailsTo(owner, /overdue/).at(-1)!;
    expect(mail.text).toContain('Pay rent (Home), due 2031-01-09 10:00 UTC');
    expect(mail.text).not.toContain('Paid already');
    expect(mail.text).not.toContain('Not yet due');
    // Other tasks of this list (the reminders above) have no due date and stay out.
    expect(mail.text.match(/^- /gm)?.length).toBe(1);
    await runDueJobs(app.ctx, new Date('2031-01-10T08:05:00Z'));
    expect(mailsTo(owner, /overdue/).length).toBe(1);
    clock = Date.UTC(2031, 0, 10, 9, 0);
  });
});

describe('summary time', () => {
  const w = (from: string, to: string) => ({ from: Date.parse(from), to: Date.parse(to) });
  it('is the wall-clock time of the zone, in summer and winter, and of the server when the zone is unknown', () => {
    expect(summaryDueIn('9:00', 'Europe/Berlin', w('2031-07-10T06:59:00Z', '2031-07-10T07:00:00Z'))).toBe(true);
    expect(summaryDueIn('9:00', 'Europe/Berlin', w('2031-07-10T07:00:00Z', '2031-07-10T08:00:00Z'))).toBe(false);
    expect(summaryDueIn('23:30', 'America/New_York', w('2031-01-11T04:00:00Z', '2031-01-11T04:31:00Z'))).toBe(true);
    expect(summaryDueIn('0:15', 'Asia/Kolkata', w('2031-01-10T18:44:00Z', '2031-01-10T18:46:00Z'))).toBe(true);
    expect(summaryDueIn('9:00', 'UTC', w('2031-01-10T08:00:00Z', '2031-01-12T08:00:00Z'))).toBe(true);
    expect(summaryDueIn('25:00', 'UTC', w('2031-01-10T00:00:00Z', '2031-01-11T00:00:00Z'))).toBe(false);
    expect(summaryDueIn('', 'UTC', w('2031-01-10T00:00:00Z', '2031-01-11T00:00:00Z'))).toBe(false);
    const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(summaryDueIn('9:00', 'Not/AZone', w('2031-01-10T00:00:00Z', '2031-01-11T00:00:00Z'))).toBe(summaryDueIn('9:00', serverZone, w('2031-01-10T00:00:00Z', '2031-01-11T00:00:00Z')));
  });
});

describe('several runners on one database', () => {
  let app: FastifyInstance;
  let other: Db;
  beforeAll(async () => {
    app = await createTestServer();
    // On PostgreSQL a second pool is a second server process as far as the database can tell. An in-memory SQLite
    // database has one connection, so there the runners interleave on it (the single-process case).
    other = process.env.KEYFLOW_TEST_DATABASE_URL ? openDatabase(app.ctx.config.databaseUrl) : app.ctx.db;
  });
  afterAll(async () => {
    if (other !== app.ctx.db) await other.destroy();
    await app.close();
  });

  it('hand each window of a job to exactly one of them', async () => {
    const now = new Date(Date.UTC(2032, 0, 1));
    for (let round = 0; round < 5; round++) {
      const at = new Date(now.getTime() + round * MIN);
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) => claimWindow(i % 2 ? other : app.ctx.db, 'test_job', at, { firstLookback: MIN, maxCatchUp: 60 * MIN })),
      );
      expect(claims.filter((c) => c !== null)).toHaveLength(1);
    }
  });

  it('send a due reminder once and delete a due account once', async () => {
    const u = await makeUser(app);
    const gone = await makeUser(app);
    const ns = await makeNamespace(app, u.id);
    const list = (await makeList(app, u.id, ns)).id;
    const at = Date.UTC(2032, 1, 1, 9, 0);
    await runDueJobs(app.ctx, new Date(at - MIN));
    await call(app, 'PUT', `/lists/${list}`, { token: u.token, body: { title: 'Once', reminder_dates: [new Date(at).toISOString()] } });
    await app.ctx.db.updateTable('users').set({ deletion_scheduled_at: new Date(at - 1000).toISOString() }).where('id', '=', gone.id).execute();
    const race = (t: number) => Promise.all(Array.from({ length: 6 }, (_, i) => runDueJobs({ ...app.ctx, db: i % 2 ? other : app.ctx.db }, new Date(t + (i % 3)))));
    const first = await race(at + 30_000);
    expect(first.reduce((n, r) => n + r.reminderMails, 0)).toBe(1);
    // Account deletion is hourly maintenance: due again once an hour has passed since the last run.
    const second = await race(at + 2 * 60 * MIN);
    expect(second.flatMap((r) => r.deletedUsers)).toEqual([gone.id]);
    expect(mailsTo(u, /Reminder/)).toHaveLength(1);
    expect(mailsTo(gone, /deleted/)).toHaveLength(1);
  });
});
