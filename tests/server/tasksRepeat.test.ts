// Repeating tasks: marking done reschedules from the stored dates in each repeat mode; the pure rules with a fixed now.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { nextDates } from '../../server/tasks/repeat.js';
import { call, makeWorld, makeTask, type World } from './fixtures.js';

const H = 3600 * 1000;
const D = 24 * H;
const NOW = Date.parse('2024-05-10T12:00:00Z');

describe('repeat rules (pure)', () => {
  it('mode 0 adds repeat_after at least once and until past now, per date', () => {
    const due = Date.parse('2024-05-01T09:00:00Z');
    const r = nextDates(0, 86400, { due, start: null, end: null, reminders: [due - H] }, NOW);
    expect(new Date(r.due!).toISOString()).toBe('2024-05-11T09:00:00.000Z');
    expect(new Date(r.reminders[0]).toISOString()).toBe('2024-05-11T08:00:00.000Z');
    const future = Date.parse('2024-06-01T00:00:00Z');
    expect(nextDates(0, 86400, { due: future, start: null, end: null, reminders: [] }, NOW).due).toBe(future + D);
  });
  it('mode 0 without repeat_after changes nothing', () => {
    const d = { due: 1, start: 2, end: 3, reminders: [4] };
    expect(nextDates(0, 0, d, NOW)).toEqual(d);
  });
  it('mode 1 adds one calendar month once, ignoring repeat_after; end keeps its span to start', () => {
    const due = Date.parse('2024-01-31T10:00:00Z');
    const start = Date.parse('2024-01-30T10:00:00Z');
    const end = Date.parse('2024-01-31T12:00:00Z');
    const r = nextDates(1, 5, { due, start, end, reminders: [due] }, NOW);
    expect(new Date(r.due!).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(new Date(r.start!).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(r.end! - r.start!).toBe(end - start);
    expect(new Date(r.reminders[0]).toISOString()).toBe('2024-02-29T10:00:00.000Z');
  });
  it('mode 2 counts from now; reminders keep offsets to the earliest; start/end keep offsets to due', () => {
    const due = Date.parse('2024-01-01T10:00:00Z');
    const r = nextDates(2, 3600, { due, start: due - 2 * H, end: due + H, reminders: [due + 30 * 60000, due] }, NOW);
    expect(r.due).toBe(NOW + H);
    expect(r.start).toBe(NOW + H - 2 * H);
    expect(r.end).toBe(NOW + 2 * H);
    expect(r.reminders).toEqual([NOW + H + 30 * 60000, NOW + H]);
  });
  it('mode 2 without due uses start as reference', () => {
    const start = Date.parse('2024-01-01T10:00:00Z');
    const r = nextDates(2, 60, { due: null, start, end: start + D, reminders: [] }, NOW);
    expect(r.start).toBe(NOW + 60000);
    expect(r.end).toBe(NOW + 60000 + D);
    expect(r.due).toBeNull();
  });
});

describe('repeating tasks through the API', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const markDone = async (id: number, body: Record<string, unknown>) =>
    (await call(app, 'POST', `/tasks/${id}`, { token: w.tokens.owner, body: { ...body, done: true, position: 1, kanban_position: 1 } })).json();

  it('mode 0 moves every set date past now and stays open with done_at set', async () => {
    const due = new Date(Math.floor((Date.now() - 3 * D) / 1000) * 1000).toISOString();
    const t = await makeTask(app, w.tokens.owner, w.listId, { due_date: due, repeat_after: 86400, reminder_dates: [due] });
    const u = await markDone(t.id, { repeat_after: 86400, due_date: '2000-01-01T00:00:00Z', reminder_dates: t.reminder_dates });
    expect(u.done).toBe(false);
    expect(u.done_at).not.toBe('0001-01-01T00:00:00Z');
    expect(Date.parse(u.due_date)).toBeGreaterThan(Date.now());
    expect((Date.parse(u.due_date) - Date.parse(due)) % D).toBe(0);
    expect(u.reminder_dates).toEqual([u.due_date]);
  });

  it('mode 1 adds a month', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { due_date: '2030-03-15T08:00:00Z', repeat_mode: 1 });
    const u = await markDone(t.id, { repeat_mode: 1, due_date: t.due_date });
    expect(u.done).toBe(false);
    expect(u.due_date).toBe('2030-04-15T08:00:00.000Z');
  });

  it('mode 2 schedules from now', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { due_date: '2030-03-15T08:00:00Z', repeat_mode: 2, repeat_after: 7200 });
    const before = Date.now();
    const u = await markDone(t.id, { repeat_mode: 2, repeat_after: 7200, due_date: t.due_date });
    expect(u.done).toBe(false);
    const due = Date.parse(u.due_date);
    expect(due).toBeGreaterThanOrEqual(before + 7200 * 1000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 7200 * 1000 + 1000);
  });

  it('a non-repeating task just becomes done', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { due_date: '2030-03-15T08:00:00Z' });
    const u = await markDone(t.id, { due_date: t.due_date });
    expect(u.done).toBe(true);
    expect(u.due_date).toBe('2030-03-15T08:00:00.000Z');
  });

  it('rejects an unknown repeat mode', async () => {
    const res = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'x', repeat_mode: 3 } });
    expect(res.json().code).toBe(2002);
  });
});
