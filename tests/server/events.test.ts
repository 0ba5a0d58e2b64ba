// Live updates (server/events.ts): single-use tickets, the server-sent events stream, who receives what (tasks,
// lists, buckets, comments, labels, namespaces; a delete for whoever a move or an unshare takes something from),
// catch-up by Last-Event-ID with a reset once the log was pruned, and on one PostgreSQL database: delivery across two
// servers, tickets used once across both, and event ids in commit order.
import { describe, it, expect, beforeAll, afterAll, afterEach, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../server/server.js';
import { loadConfig } from '../../server/config.js';
import pg from 'pg';
import { sql } from 'kysely';
import { EVENT_ORDER_LOCK, makeTicket, readTicket } from '../../server/events.js';
import { testServer, makeUser, call, type TestUser } from './helpers.js';
import { makeNamespace, makeList, shareList, shareListWithTeam, makeLinkShare, makeTask } from './fixtures.js';
import { freshPostgresDatabase } from './processes.js';

interface LiveEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

/** An open event stream: every event received so far, and a way to wait for one. */
interface Stream {
  /** Everything received, comment lines included. */
  raw: () => string;
  status: number;
  headers: Headers;
  events: LiveEvent[];
  next: (pred: (e: LiveEvent) => boolean, ms?: number) => Promise<LiveEvent>;
  close: () => void;
}

/** A server that keeps only the newest 8 events, with a user, their list and a task in it. */
async function smallLog() {
  const small = await testServer({ liveEventsKept: 8 });
  const u = await makeUser(small);
  const ns = await makeNamespace(small, u.id);
  const l = (await makeList(small, u.id, ns)).id;
  const t = await makeTask(small, u.token, l);
  return { small, u, l, t };
}

async function baseOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (!address || typeof address === 'string') await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address() as { port: number };
  return `http://127.0.0.1:${a.port}/api/v1`;
}

async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, 'POST', '/events/ticket', { token });
  expect(res.statusCode).toBe(200);
  return res.json().ticket as string;
}

async function openStream(app: FastifyInstance, user: TestUser, opts: { lastEventId?: number; lastEventIdQuery?: number; base?: FastifyInstance } = {}): Promise<Stream> {
  const ticket = await ticketFor(app, user.token);
  const base = await baseOf(opts.base ?? app);
  const ctrl = new AbortController();
  const headers: Record<string, string> = {};
  if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
  const query = opts.lastEventIdQuery === undefined ? '' : `&last_event_id=${opts.lastEventIdQuery}`;
  const res = await fetch(`${base}/events?ticket=${encodeURIComponent(ticket)}${query}`, { headers, signal: ctrl.signal });
  const events: LiveEvent[] = [];
  let raw = '';
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          const text = decoder.decode(chunk, { stream: true });
          raw += text;
          buffer += text;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(block.split('\n').filter((l) => l && !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
            if (!fields.event) continue;
            events.push({ id: Number(fields.id), type: fields.event, data: JSON.parse(fields.data ?? '{}') });
            for (const w of waiters) w();
          }
        }
      } catch {
        /* aborted */
      }
    })();
  }
  const next = (pred: (e: LiveEvent) => boolean, ms = 3000) =>
    new Promise<LiveEvent>((resolve, reject) => {
      const check = () => {
        const hit = events.find(pred);
        if (!hit) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no such event; got ${JSON.stringify(events.map((e) => e.type))}`));
      }, ms);
      if (!check()) waiters.add(check);
    });
  return { raw: () => raw, status: res.status, headers: res.headers, events, next, close: () => ctrl.abort() };
}

describe('live updates', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let reader: TestUser;
  let teamMate: TestUser;
  let stranger: TestUser;
  let listId: number;
  let otherListId: number;
  const streams: Stream[] = [];
  const open = async (user: TestUser, opts?: { lastEventId?: number }) => {
    const s = await openStream(app, user, opts);
    streams.push(s);
    await s.next((e) => e.type === 'ready' || e.type === 'reset');
    return s;
  };

  beforeAll(async () => {
    app = await testServer();
    owner = await makeUser(app);
    reader = await makeUser(app);
    teamMate = await makeUser(app);
    stranger = await makeUser(app);
    const ns = await makeNamespace(app, owner.id);
    listId = (await makeList(app, owner.id, ns)).id;
    otherListId = (await makeList(app, owner.id, ns, { title: 'private' })).id;
    await shareList(app, listId, reader.id, 0);
    await shareListWithTeam(app, listId, [teamMate.id], 0, owner.id);
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(async () => {
    await app.close();
  });

  it('opens a stream only with a valid ticket, never with the token itself', async () => {
    expect((await call(app, 'POST', '/events/ticket')).statusCode).toBe(401);
    const base = await baseOf(app);
    for (const ticket of ['', owner.token, 'x.y.z.w.v.u', makeTicket('another secret', { userId: owner.id, issuedAt: Math.floor(Date.now() / 1000) })]) {
      const res = await fetch(`${base}/events?ticket=${encodeURIComponent(ticket)}`);
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBeUndefined();
    }
    const expired = makeTicket(app.ctx.config.jwtSecret, { userId: owner.id, issuedAt: 0 }, Math.floor(Date.now() / 1000) - 3600);
    expect((await fetch(`${base}/events?ticket=${encodeURIComponent(expired)}`)).status).toBe(401);
    const t = makeTicket('s', { userId: 7, issuedAt: 100, jti: 'abc' }, 1000);
    expect(readTicket('s', t, 1001)).toMatchObject({ userId: 7, issuedAt: 100, jti: 'abc' });
    expect(readTicket('s', makeTicket('s', { userId: 7, issuedAt: 100 }, 1000), 1001)).toMatchObject({ jti: undefined });
    expect(readTicket('s', t.replace(/^7\./, '8.'), 1001)).toBeNull();
  });

  it('a ticket opens one stream: a second use is refused as an expired one is', async () => {
    const ticket = await ticketFor(app, reader.token);
    const base = await baseOf(app);
    const ctrl = new AbortController();
    const first = await fetch(`${base}/events?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
    expect(first.status).toBe(200);
    const again = await fetch(`${base}/events?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await again.json()).toEqual({ message: 'invalid or expired ticket' });
    ctrl.abort();
    // Also once the first stream has ended; a reconnect asks for a new ticket, which works.
    expect((await fetch(`${base}/events?ticket=${encodeURIComponent(ticket)}`)).status).toBe(401);
    expect((await open(reader)).status).toBe(200);
  });

  it('link shares get no stream', async () => {
    const link = await makeLinkShare(app, listId, owner.id, 0);
    expect((await call(app, 'POST', '/events/ticket', { token: link.token })).statusCode).toBe(403);
  });

  it('streams with the security headers of every route and a ready event carrying the current id', async () => {
    const s = await open(owner);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.headers.get('content-security-policy')).toBeTruthy();
    expect(s.headers.get('cache-control')).toBe('no-store');
  });

  it('sends task changes to every reader of the list and nothing to a user not on it', async () => {
    const [o, r, t, x] = await Promise.all([open(owner), open(reader), open(teamMate), open(stranger)]);
    const task = await makeTask(app, owner.token, listId, { title: 'Live one' });
    for (const s of [o, r, t]) {
      const e = await s.next((ev) => ev.type === 'task.created' && ev.data.id === task.id);
      expect(e.data).toMatchObject({ id: task.id, title: 'Live one', list_id: listId });
      // Per-reader fields are not sent: each client keeps its own.
      expect(e.data).not.toHaveProperty('is_favorite');
    }
    const upd = await call(app, 'POST', `/tasks/${task.id}`, { token: owner.token, body: { title: 'Renamed', done: true } });
    expect(upd.statusCode).toBe(200);
    const e = await r.next((ev) => ev.type === 'task.updated' && ev.data.id === task.id);
    expect(e.data).toMatchObject({ title: 'Renamed', done: true });
    expect(e.id).toBeGreaterThan((await r.next((ev) => ev.type === 'task.created')).id);
    // A label added to the task is a task update with the label on it.
    const label = (await call(app, 'PUT', '/labels', { token: owner.token, body: { title: 'urgent' } })).json();
    await call(app, 'PUT', `/tasks/${task.id}/labels`, { token: owner.token, body: { label_id: label.id } });
    const labelled = await t.next((ev) => ev.type === 'task.updated' && Array.isArray(ev.data.labels));
    expect((labelled.data.labels as { title: string }[]).map((l) => l.title)).toEqual(['urgent']);
    // Comments and buckets of the list too.
    await call(app, 'PUT', `/tasks/${task.id}/comments`, { token: owner.token, body: { comment: 'hello' } });
    expect((await r.next((ev) => ev.type === 'comment.created')).data).toMatchObject({ task_id: task.id, comment: { comment: 'hello' } });
    const bucket = (await call(app, 'PUT', `/lists/${listId}/buckets`, { token: owner.token, body: { title: 'Doing' } })).json();
    expect((await r.next((ev) => ev.type === 'bucket.created')).data).toMatchObject({ id: bucket.id, list_id: listId, title: 'Doing' });
    await call(app, 'DELETE', `/tasks/${task.id}`, { token: owner.token });
    expect((await t.next((ev) => ev.type === 'task.deleted')).data).toEqual({ id: task.id, list_id: listId });
    // A task on a list the others cannot read reaches its owner only.
    const hidden = await makeTask(app, owner.token, otherListId, { title: 'Private' });
    await o.next((ev) => ev.type === 'task.created' && ev.data.id === hidden.id);
    await o.next((ev) => ev.type === 'task.deleted');
    expect(x.events.filter((ev) => ev.type !== 'ready')).toEqual([]);
    expect(r.events.some((ev) => ev.data.id === hidden.id)).toBe(false);
    // The label is the owner's own (no task carries it any more): nobody else hears of it.
    expect(r.events.some((ev) => ev.type.startsWith('label.'))).toBe(false);
  });

  it('a bulk edit sends every task it changed, in order', async () => {
    const made: { id: number }[] = [];
    for (let i = 0; i < 3; i++) made.push(await makeTask(app, owner.token, listId, { title: `Bulk ${i}` }));
    const r = await open(reader);
    const res = await call(app, 'POST', '/tasks/bulk', { token: owner.token, body: { task_ids: made.map((t) => t.id), priority: 3 } });
    expect(res.statusCode).toBe(200);
    await r.next((e) => e.type === 'task.updated' && e.data.id === made[2]!.id);
    const updates = r.events.filter((e) => e.type === 'task.updated');
    expect(updates.map((e) => e.data.id)).toEqual(made.map((t) => t.id));
    expect(updates.every((e) => e.data.priority === 3)).toBe(true);
    expect(updates.map((e) => e.id)).toEqual([...updates.map((e) => e.id)].sort((a, b) => a - b));
  });

  it('a refused write makes no event', async () => {
    const task = await makeTask(app, owner.token, listId, { title: 'Guarded' });
    const o = await open(owner);
    const res = await call(app, 'POST', `/tasks/${task.id}`, { token: reader.token, body: { title: 'Not allowed' } });
    expect(res.statusCode).toBe(403);
    await call(app, 'POST', `/tasks/${task.id}`, { token: owner.token, body: { title: 'Allowed' } });
    await o.next((ev) => ev.type === 'task.updated');
    expect(o.events.filter((ev) => ev.type === 'task.updated').map((ev) => ev.data.title)).toEqual(['Allowed']);
  });

  it('a task moved to a list the reader cannot see is a delete for the reader, live and on catch-up', async () => {
    const task = await makeTask(app, owner.token, listId, { title: 'Moving' });
    const [o, r] = await Promise.all([open(owner), open(reader)]);
    const since = r.events.at(-1)!.id;
    expect((await call(app, 'POST', `/tasks/${task.id}`, { token: owner.token, body: { ...task, list_id: otherListId, bucket_id: 0 } })).statusCode).toBe(200);
    const gone = await r.next((ev) => ev.type === 'task.deleted' && ev.data.id === task.id);
    expect(gone.data).toEqual({ id: task.id, list_id: listId });
    // The owner reads both lists: the task is updated there, in its new list.
    expect((await o.next((ev) => ev.type === 'task.updated' && ev.data.id === task.id)).data.list_id).toBe(otherListId);
    expect(o.events.some((ev) => ev.type === 'task.deleted' && ev.data.id === task.id)).toBe(false);
    // Nothing of the task in the list the reader cannot read reaches them.
    expect(r.events.some((ev) => ev.type === 'task.updated' && ev.data.id === task.id)).toBe(false);
    r.close();
    // A task made and moved away while the reader was away: a reconnect catches up on both moves as deletes.
    const moved = await makeTask(app, owner.token, listId, { title: 'Away while away' });
    await call(app, 'POST', `/tasks/${moved.id}`, { token: owner.token, body: { ...moved, list_id: otherListId, bucket_id: 0 } });
    const back = await open(reader, { lastEventId: since });
    const seen = back.events.filter((ev) => ev.type.startsWith('task.')).map((ev) => [ev.type, ev.data.id]);
    expect(seen).toEqual([
      ['task.deleted', task.id],
      ['task.created', moved.id],
      ['task.deleted', moved.id],
    ]);
    // A move between two lists the reader reads stays an update.
    const third = (await makeList(app, owner.id, await makeNamespace(app, owner.id))).id;
    await shareList(app, third, reader.id, 0);
    const t2 = await makeTask(app, owner.token, listId, { title: 'Within reach' });
    await call(app, 'POST', `/tasks/${t2.id}`, { token: owner.token, body: { ...t2, list_id: third, bucket_id: 0 } });
    expect((await back.next((ev) => ev.type === 'task.updated' && ev.data.id === t2.id)).data.list_id).toBe(third);
    expect(back.events.some((ev) => ev.type === 'task.deleted' && ev.data.id === t2.id)).toBe(false);
  });

  it('namespaces: created, edited, archived, shared and unshared, deleted reach the namespace’s readers', async () => {
    const [o, r, t, x] = await Promise.all([open(owner), open(reader), open(teamMate), open(stranger)]);
    const created = await call(app, 'PUT', '/namespaces', { token: owner.token, body: { title: 'Live space' } });
    expect(created.statusCode).toBe(201);
    const nsId = created.json().id as number;
    expect((await o.next((e) => e.type === 'namespace.created')).data).toMatchObject({ id: nsId, title: 'Live space', is_archived: false });
    // Shared with a user and with a team: each is told, with the namespace as it is.
    expect((await call(app, 'PUT', `/namespaces/${nsId}/users`, { token: owner.token, body: { username: reader.username, right: 0 } })).statusCode).toBe(201);
    expect((await r.next((e) => e.type === 'namespace.updated' && e.data.id === nsId)).data).toMatchObject({ title: 'Live space' });
    const team = (await call(app, 'PUT', '/teams', { token: owner.token, body: { name: 'Space team' } })).json();
    expect((await call(app, 'PUT', `/teams/${team.id}/members`, { token: owner.token, body: { username: teamMate.username } })).statusCode).toBe(201);
    expect((await call(app, 'PUT', `/namespaces/${nsId}/teams`, { token: owner.token, body: { team_id: team.id, right: 0 } })).statusCode).toBe(201);
    await t.next((e) => e.type === 'namespace.updated' && e.data.id === nsId);
    // A list made in it reaches the namespace's readers too.
    const list = (await call(app, 'PUT', `/namespaces/${nsId}/lists`, { token: owner.token, body: { title: 'Inside' } })).json();
    await r.next((e) => e.type === 'list.created' && e.data.id === list.id);
    await t.next((e) => e.type === 'list.created' && e.data.id === list.id);
    // Edited, then archived: every reader gets each version.
    const edit = await call(app, 'POST', `/namespaces/${nsId}`, { token: owner.token, body: { title: 'Renamed space' } });
    expect(edit.statusCode).toBe(200);
    for (const s of [o, r, t]) await s.next((e) => e.type === 'namespace.updated' && e.data.title === 'Renamed space');
    await call(app, 'POST', `/namespaces/${nsId}`, { token: owner.token, body: { title: 'Renamed space', is_archived: true } });
    expect((await t.next((e) => e.type === 'namespace.updated' && e.data.is_archived === true)).data).toMatchObject({ id: nsId });
    await call(app, 'POST', `/namespaces/${nsId}`, { token: owner.token, body: { title: 'Renamed space', is_archived: false } });
    await r.next((e) => e.type === 'namespace.updated' && e.data.is_archived === false);
    // Per-reader fields stay out.
    expect(r.events.find((e) => e.type === 'namespace.updated')!.data).not.toHaveProperty('subscription');
    // Unshared: for the reader it is gone; the others see it as it is.
    const rAt = r.events.at(-1)!.id;
    expect((await call(app, 'DELETE', `/namespaces/${nsId}/users/${reader.username}`, { token: owner.token })).statusCode).toBe(200);
    expect((await r.next((e) => e.type === 'namespace.deleted' && e.id > rAt)).data).toEqual({ id: nsId });
    // Deleted: its readers are told, and so is whoever reads one of its lists through a share of that list alone.
    await shareList(app, list.id, stranger.id, 0);
    expect((await call(app, 'DELETE', `/namespaces/${nsId}`, { token: owner.token })).statusCode).toBe(200);
    for (const s of [o, t]) expect((await s.next((e) => e.type === 'namespace.deleted')).data).toEqual({ id: nsId });
    expect((await x.next((e) => e.type === 'list.deleted')).data).toEqual({ id: list.id });
    expect(x.events.some((e) => e.type.startsWith('namespace.'))).toBe(false);
    // The reader, who lost it before, hears nothing more of it.
    expect(r.events.filter((e) => e.type === 'namespace.deleted')).toHaveLength(1);
    // Catching up from before, the reader gets the same as live, in order, up to the unshare.
    const back = await open(reader, { lastEventId: r.events.find((e) => e.type === 'ready')!.id });
    const ns = back.events.filter((e) => e.type.startsWith('namespace.'));
    expect(ns.at(-1)).toMatchObject({ type: 'namespace.deleted', data: { id: nsId } });
    expect(ns.map((e) => e.id)).toEqual(r.events.filter((e) => e.type.startsWith('namespace.')).map((e) => e.id));
  });

  it('a list moved to a namespace a reader cannot read is a delete for that reader', async () => {
    const nsA = await makeNamespace(app, owner.id);
    const nsB = await makeNamespace(app, owner.id);
    const l = (await makeList(app, owner.id, nsA, { title: 'Wanderer' })).id;
    expect((await call(app, 'PUT', `/namespaces/${nsA}/users`, { token: owner.token, body: { username: reader.username, right: 0 } })).statusCode).toBe(201);
    const [o, r] = await Promise.all([open(owner), open(reader)]);
    const res = await call(app, 'POST', `/lists/${l}`, { token: owner.token, body: { title: 'Wanderer', namespace_id: nsB } });
    expect(res.statusCode).toBe(200);
    expect((await r.next((e) => e.type === 'list.deleted')).data).toEqual({ id: l });
    expect((await o.next((e) => e.type === 'list.updated')).data).toMatchObject({ id: l, namespace_id: nsB });
    expect(r.events.some((e) => e.type === 'list.updated')).toBe(false);
  });

  it('catches up from Last-Event-ID with the events the user may read, in order', async () => {
    const first = await open(reader);
    const since = (first.events.at(-1) as LiveEvent).id;
    first.close();
    const a = await makeTask(app, owner.token, listId, { title: 'While away 1' });
    await makeTask(app, owner.token, otherListId, { title: 'Not for the reader' });
    const b = await makeTask(app, owner.token, listId, { title: 'While away 2' });
    const again = await open(reader, { lastEventId: since });
    const replayed = again.events.filter((ev) => ev.type.startsWith('task.'));
    expect(replayed.map((ev) => ev.data.id)).toEqual([a.id, b.id]);
    expect(replayed[0]!.id).toBeLessThan(replayed[1]!.id);
    expect(again.events.at(-1)!.type).toBe('ready');
    // A later change still arrives live after the catch-up.
    await call(app, 'POST', `/tasks/${a.id}`, { token: owner.token, body: { title: 'After' } });
    await again.next((ev) => ev.type === 'task.updated' && ev.data.title === 'After');
    // A Last-Event-ID that is not a number is refused, not a 5xx.
    const base = await baseOf(app);
    const bad = await fetch(`${base}/events?ticket=${encodeURIComponent(await ticketFor(app, reader.token))}`, { headers: { 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
  });

  it('sends reset when the events after Last-Event-ID were pruned', async () => {
    const { small, u, t } = await smallLog();
    try {
      for (let i = 0; i < 20; i++) await call(small, 'POST', `/tasks/${t.id}`, { token: u.token, body: { title: `v${i}` } });
      const kept = await small.ctx.db.selectFrom('live_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(kept.n)).toBeLessThanOrEqual(10);
      const s = await openStream(small, u, { lastEventId: 1 });
      const reset = await s.next((e) => e.type === 'reset');
      expect(reset.id).toBeGreaterThanOrEqual(21);
      s.close();
      // A client that is up to date gets no reset (here it says so in the query, as the app's client does).
      const fresh = await openStream(small, u, { lastEventIdQuery: reset.id });
      await fresh.next((e) => e.type === 'ready');
      expect(fresh.events.map((e) => e.type)).toEqual(['ready']);
      fresh.close();
    } finally {
      await small.close();
    }
  });

  it("a signed-in user's reads carry the newest event id, read before the data: a stream from it replays what came after", async () => {
    const readTasks = () => call(app, 'GET', `/lists/${listId}/tasks`, { token: reader.token });
    const newest = await app.ctx.db.selectFrom('live_events').select(sql<number>`max(id)`.as('m')).executeTakeFirstOrThrow();
    // Nothing is being written: the process knows the whole log once the last event reached it (at once on SQLite,
    // by NOTIFY on PostgreSQL).
    await vi.waitFor(async () => expect(Number((await readTasks()).headers['x-live-event-id'])).toBe(Number(newest.m)));
    const read = await readTasks();
    expect(read.statusCode).toBe(200);
    const header = read.headers['x-live-event-id'];
    expect(header).toMatch(/^\d+$/);
    // Readable from another origin (the API may live on another host than the app).
    expect(String(read.headers['access-control-expose-headers']).split(/,\s*/)).toContain('x-live-event-id');
    // Someone else changes the list after the read: the read does not hold it, a stream started from its id does.
    const made = await makeTask(app, owner.token, listId, { title: 'After the read' });
    expect((read.json() as { id: number }[]).map((t) => t.id)).not.toContain(made.id);
    await vi.waitFor(async () => expect(Number((await readTasks()).headers['x-live-event-id'])).toBeGreaterThan(Number(header)));
    const s = await openStream(app, reader, { lastEventIdQuery: Number(header) });
    streams.push(s);
    await s.next((e) => e.type === 'ready');
    expect(s.events.filter((e) => e.type.startsWith('task.')).map((e) => e.data.id)).toEqual([made.id]);
    expect(s.events.map((e) => e.type)).not.toContain('reset');
    // Only a user's reads: not writes, not link shares (they get no stream), not requests without a token.
    const write = await call(app, 'POST', `/tasks/${made.id}`, { token: owner.token, body: { title: 'Written' } });
    expect(write.statusCode).toBe(200);
    expect(write.headers['x-live-event-id']).toBeUndefined();
    const link = await makeLinkShare(app, listId, owner.id, 0);
    const asLink = await call(app, 'GET', `/lists/${listId}/tasks`, { token: link.token });
    expect(asLink.statusCode).toBe(200);
    expect(asLink.headers['x-live-event-id']).toBeUndefined();
    expect((await call(app, 'GET', '/info')).headers['x-live-event-id']).toBeUndefined();
    expect((await call(app, 'GET', `/lists/${listId}/tasks`)).headers['x-live-event-id']).toBeUndefined();
  });

  it('a read older than the kept log gets a reset from its stream, so the client loads again', async () => {
    const { small, u, l, t } = await smallLog();
    try {
      const read = Number((await call(small, 'GET', `/lists/${l}/tasks`, { token: u.token })).headers['x-live-event-id']);
      for (let i = 0; i < 20; i++) await call(small, 'POST', `/tasks/${t.id}`, { token: u.token, body: { title: `v${i}` } });
      const s = await openStream(small, u, { lastEventIdQuery: read });
      await s.next((e) => e.type === 'reset');
      s.close();
    } finally {
      await small.close();
    }
  });

  it('sends heartbeats, and forgets a stream when its client goes', async () => {
    const quick = await testServer({ liveHeartbeatMs: 50 });
    try {
      const u = await makeUser(quick);
      const s = await openStream(quick, u);
      await s.next((e) => e.type === 'ready');
      expect(quick.liveEvents!.streamCount()).toBe(1);
      await vi.waitFor(() => expect(s.raw()).toContain(': ping\n\n'), { timeout: 3000 });
      s.close();
      await vi.waitFor(() => expect(quick.liveEvents!.streamCount()).toBe(0), { timeout: 3000 });
      // A session ended meanwhile (a password change elsewhere) ends its stream at the next heartbeat.
      const again = await openStream(quick, u);
      await again.next((e) => e.type === 'ready');
      expect(quick.liveEvents!.streamCount()).toBe(1);
      await quick.ctx.db.updateTable('users').set({ sessions_valid_after: Math.floor(Date.now() / 1000) + 60 }).where('id', '=', u.id).execute();
      await vi.waitFor(() => expect(quick.liveEvents!.streamCount()).toBe(0), { timeout: 3000 });
      again.close();
    } finally {
      await quick.close();
    }
  });

  it('keeps at most the configured number of streams per person open: a newer one closes the oldest', async () => {
    const capped = await testServer({ liveStreamsPerUser: 3 });
    try {
      const u = await makeUser(capped);
      const other = await makeUser(capped);
      const theirs = await openStream(capped, other);
      await theirs.next((e) => e.type === 'ready');
      const mine: Stream[] = [];
      for (let i = 0; i < 5; i++) {
        const s = await openStream(capped, u);
        expect(s.status).toBe(200);
        await s.next((e) => e.type === 'ready');
        mine.push(s);
      }
      // Three of this person's, the other person's one untouched.
      expect(capped.liveEvents!.streamCount()).toBe(4);
      for (const closed of mine.slice(0, 2)) await vi.waitFor(() => expect(closed.raw()).toContain(': closed: more than 3 live streams for this user'));
      for (const open of [...mine.slice(2), theirs]) expect(open.raw()).not.toContain(': closed');
      // The ones still open still hear changes.
      const ns = await makeNamespace(capped, u.id);
      const l = (await makeList(capped, u.id, ns)).id;
      await makeTask(capped, u.token, l);
      await mine[4]!.next((e) => e.type === 'task.created');
      for (const s of [...mine, theirs]) s.close();
    } finally {
      await capped.close();
    }
  });

  it('sharing a list tells the people who gain or lose it, and only readers get its task events', async () => {
    const own = await testServer();
    try {
      const a = await makeUser(own);
      const b = await makeUser(own);
      const ns = await makeNamespace(own, a.id);
      const l = (await makeList(own, a.id, ns, { title: 'Chores' })).id;
      const s = await openStream(own, b);
      await s.next((e) => e.type === 'ready');
      expect((await call(own, 'PUT', `/lists/${l}/users`, { token: a.token, body: { username: b.username, right: 0 } })).statusCode).toBe(201);
      expect((await s.next((e) => e.type === 'list.updated')).data).toMatchObject({ id: l, title: 'Chores' });
      const t = await makeTask(own, a.token, l, { title: 'Now shared' });
      await s.next((e) => e.type === 'task.created' && e.data.id === t.id);
      expect((await call(own, 'DELETE', `/lists/${l}/users/${b.username}`, { token: a.token })).statusCode).toBe(200);
      await s.next((e) => e.type === 'list.updated' && e.id > (s.events.find((x) => x.type === 'task.created')?.id ?? 0));
      await makeTask(own, a.token, l, { title: 'Not shared any more' });
      // The owner's own stream proves the event went out; B's never gets it.
      const sa = await openStream(own, a, { lastEventId: 0 });
      await sa.next((e) => e.type === 'task.created' && e.data.title === 'Not shared any more');
      expect(s.events.some((e) => e.data.title === 'Not shared any more')).toBe(false);
      s.close();
      // Catching up from the start, B gets the share changes but nothing of the list it can no longer read.
      const back = await openStream(own, b, { lastEventId: 0 });
      await back.next((e) => e.type === 'ready');
      expect(back.events.map((e) => e.type)).toEqual(['list.updated', 'list.updated', 'ready']);
      back.close();
      sa.close();
    } finally {
      await own.close();
    }
  });

  it('can be switched off', async () => {
    const off = await testServer({ liveUpdatesEnabled: false });
    try {
      const u = await makeUser(off);
      expect((await call(off, 'POST', '/events/ticket', { token: u.token })).statusCode).toBe(404);
      const ns = await makeNamespace(off, u.id);
      await makeTask(off, u.token, (await makeList(off, u.id, ns)).id);
      expect(await off.ctx.db.selectFrom('live_events').selectAll().execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;
const pgSuite = adminUrl ? describe : describe.skip;

pgSuite('live updates across two servers on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(adminUrl!, 'kf_live');
    drop = fresh.drop;
    const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: 'shared-secret-for-both' }, { dataDir: null, databaseUrl: fresh.url, serveClient: false });
    a = await createServer(config, { jobs: false });
    b = await createServer(config, { jobs: false });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('a change written through one server reaches a stream held by the other, and catch-up works through either', async () => {
    const owner = await makeUser(a);
    const reader = await makeUser(a);
    const stranger = await makeUser(a);
    const ns = await makeNamespace(a, owner.id);
    const listId = (await makeList(a, owner.id, ns)).id;
    await shareList(a, listId, reader.id, 0);
    const onB = await openStream(b, reader);
    const strangerOnB = await openStream(b, stranger);
    await onB.next((e) => e.type === 'ready');
    await strangerOnB.next((e) => e.type === 'ready');
    const since = onB.events.at(-1)!.id;
    const task = await makeTask(a, owner.token, listId, { title: 'From A' });
    const e = await onB.next((ev) => ev.type === 'task.created');
    expect(e.data).toMatchObject({ id: task.id, title: 'From A' });
    await call(a, 'POST', `/tasks/${task.id}`, { token: owner.token, body: { title: 'Still from A' } });
    await onB.next((ev) => ev.type === 'task.updated');
    onB.close();
    // Reconnecting through A with the id B last sent replays both.
    const onA = await openStream(a, reader, { lastEventId: since });
    await onA.next((ev) => ev.type === 'ready');
    expect(onA.events.filter((ev) => ev.type.startsWith('task.')).map((ev) => ev.data.title)).toEqual(['From A', 'Still from A']);
    onA.close();
    expect(strangerOnB.events.map((ev) => ev.type)).toEqual(['ready']);
    strangerOnB.close();
  });

  it('a ticket used on one server is refused by the other', async () => {
    const u = await makeUser(a);
    const ticket = await ticketFor(a, u.token);
    const ctrl = new AbortController();
    try {
      expect((await fetch(`${await baseOf(b)}/events?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal })).status).toBe(200);
      const again = await fetch(`${await baseOf(a)}/events?ticket=${encodeURIComponent(ticket)}`);
      expect(again.status).toBe(401);
      expect(await again.json()).toEqual({ message: 'invalid or expired ticket' });
    } finally {
      ctrl.abort();
    }
  });

  it("a read's event id is never ahead of what has committed, follows what NOTIFY announces, and replays what the read missed", async () => {
    const owner = await makeUser(a);
    const ns = await makeNamespace(a, owner.id);
    const listId = (await makeList(a, owner.id, ns)).id;
    const idOn = async (app: FastifyInstance) => Number((await call(app, 'GET', `/lists/${listId}/tasks`, { token: owner.token })).headers['x-live-event-id']);
    // A writer holds the order lock with an uncommitted event: a read on either server must not claim it.
    const slow = new pg.Client({ connectionString: a.ctx.config.databaseUrl });
    await slow.connect();
    let slowId: number;
    try {
      await slow.query('begin');
      await slow.query('select pg_advisory_xact_lock($1::bigint)', [EVENT_ORDER_LOCK]);
      const { rows } = await slow.query<{ id: number }>(
        `insert into live_events (created, type, payload, user_ids, list_id) values ('', 'task.updated', '{"id":0}', ',${owner.id},', ${listId}) returning id`,
      );
      slowId = Number(rows[0]!.id);
      expect(await idOn(a)).toBeLessThan(slowId);
      expect(await idOn(b)).toBeLessThan(slowId);
      await slow.query('commit');
    } finally {
      await slow.end();
    }
    // It went out without NOTIFY, so the servers learn of it with the next event announced (till then they lag,
    // which only replays more); then both say an id past it.
    await makeTask(a, owner.token, listId, { title: 'Announced' });
    await vi.waitFor(async () => expect(Math.min(await idOn(a), await idOn(b))).toBeGreaterThan(slowId), { timeout: 5000 });
    // A change through A, read at once through B: whatever the read's id does not cover, a stream from it replays.
    const task = await makeTask(a, owner.token, listId, { title: 'Through A' });
    const read = await call(b, 'GET', `/lists/${listId}/tasks`, { token: owner.token });
    const from = Number(read.headers['x-live-event-id']);
    const newest = await a.ctx.db.selectFrom('live_events').select(sql<number>`max(id)`.as('m')).executeTakeFirstOrThrow();
    expect(from).toBeLessThanOrEqual(Number(newest.m));
    const s = await openStream(a, owner, { lastEventIdQuery: from });
    await s.next((e) => e.type === 'ready');
    const replayed = s.events.some((e) => e.type === 'task.created' && e.data.id === task.id);
    const inRead = (read.json() as { id: number }[]).some((t) => t.id === task.id);
    expect(replayed || inRead).toBe(true);
    s.close();
  });

  it('event ids follow commit order: an event waits for one that took a lower id and has not committed yet', async () => {
    const owner = await makeUser(a);
    const ns = await makeNamespace(a, owner.id);
    const listId = (await makeList(a, owner.id, ns)).id;
    const onB = await openStream(b, owner);
    const since = (await onB.next((e) => e.type === 'ready')).id;
    // Another writer in the middle of recording an event: it holds the lock and its row has an id, uncommitted.
    const slow = new pg.Client({ connectionString: a.ctx.config.databaseUrl });
    await slow.connect();
    try {
      await slow.query('begin');
      await slow.query('select pg_advisory_xact_lock($1::bigint)', [EVENT_ORDER_LOCK]);
      const { rows } = await slow.query<{ id: number }>(
        `insert into live_events (created, type, payload, user_ids, list_id) values ('', 'task.updated', '{"id":0}', ',${owner.id},', ${listId}) returning id`,
      );
      const slowId = Number(rows[0]!.id);
      // A write through the other server now records its event: it waits for the lock rather than commit a higher id.
      const write = makeTask(b, owner.token, listId, { title: 'After the slow one' });
      await vi.waitFor(
        async () => {
          const waiting = await slow.query(
            `select 1 from pg_locks where locktype = 'advisory' and not granted and objsubid = 1 and classid = $1 and objid = $2
               and database = (select oid from pg_database where datname = current_database())`,
            [Math.floor(EVENT_ORDER_LOCK / 2 ** 32), EVENT_ORDER_LOCK % 2 ** 32],
          );
          expect(waiting.rowCount).toBe(1);
        },
        { timeout: 5000 },
      );
      const committed = await a.ctx.db.selectFrom('live_events').select('id').where('id', '>', since).execute();
      expect(committed).toEqual([]);
      await slow.query('commit');
      const task = await write;
      const made = await onB.next((e) => e.type === 'task.created' && e.data.id === task.id);
      expect(made.id).toBeGreaterThan(slowId);
      // A client that saw the later event has seen every earlier one: catching up from the slow one's id misses nothing.
      onB.close();
      const back = await openStream(a, owner, { lastEventId: slowId });
      await back.next((e) => e.type === 'ready');
      expect(back.events.filter((e) => e.type === 'task.created').map((e) => e.data.id)).toEqual([task.id]);
      back.close();
    } finally {
      await slow.end();
    }
  });
});
