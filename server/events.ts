// Live updates: each change to tasks, lists, buckets, comments and labels becomes an event in a bounded log in the
// database, streamed as server-sent events (GET /events) to the signed-in users who may read it.
//
// Why a log in the database and not in memory: event ids then come from one sequence shared by every server
// process, so a client that reconnects through another process (a load balancer) still catches up by its
// Last-Event-ID, and a restart loses nothing. The log keeps the newest `liveEventsKept` events; a client whose
// last id is older than the oldest kept one gets a "reset" event and refetches.
//
// Events are recorded by hooks around the API's own write routes (RULES below), from the JSON the route answered, so
// an event carries the entity exactly as the API returns it. Who may read an event is decided when it is recorded,
// with the rights module's listReaderIds (owner, namespace owner, user and team shares on the list or its
// namespace; link shares never get a stream) or a namespace's readers, and stored with it: catch-up and delivery only
// compare user ids, and the readers of a deleted list are known although the list is gone. Whoever a change takes
// something from (a task moved to a list they cannot read, a list or namespace no longer shared with them) is sent
// a delete of it: for them it is gone, and a catch-up replays that as it replays any delete.
//
// Several processes on PostgreSQL: the insert is followed by NOTIFY with the event id; every process (the writer
// too) LISTENs and delivers what it is notified of to its own streams. On SQLite (one process) delivery is direct.
// Event ids follow commit order: a transaction-level advisory lock is taken before the insert and held until its
// commit, so no event can commit with a lower id after a client has seen a higher one (a reconnect with
// Last-Event-ID would skip it). On SQLite the insert is one synchronous statement, so ids follow commits anyway.
//
// Where a first stream starts: every GET of a signed-in user carries LIVE_EVENT_ID_HEADER, the newest event id this
// process knows to be committed, read before the route reads its data. Each event is written after its change has
// committed, so the response holds every change of an event up to that id; a stream opened with it as Last-Event-ID
// replays the rest. The id is never ahead of the log: on SQLite (one process) it is the last event written, on
// PostgreSQL the last one NOTIFY announced to this process (ids follow commit order, see above, so every lower id has
// committed too). One that lags behind (a notification on its way) only replays a little more, which clients ignore.
//
// Tickets: EventSource cannot send an Authorization header, and a token in a URL ends up in logs. A stream opens
// with a short-lived ticket that one POST with the token hands out; each ticket opens one stream (its use is stored
// in the database, so a second use is refused by any process).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { isPostgresUrl, type Db } from './db/database.js';
import type { Auth } from './context.js';
import { apiError, forbidden, unauthorized } from './errors.js';
import { nowIso } from './clock.js';
import { listReaderIds, reachableLists } from './rights.js';
import type { SessionMark } from './auth/jwt.js';
import { sessionStands } from './auth/sessions.js';
import { tasksJson, undisclosedTask } from './tasks/serialize.js';
import { listJson, namespacesJson } from './lists/serialize.js';

const CHANNEL = 'keyflow_live_events';
/** A ticket opens a stream within this time; the stream then lives as long as its connection. */
const TICKET_TTL_S = 60;
/** A catch-up longer than this is answered with a reset: refetching is cheaper than replaying. */
const MAX_REPLAY = 2000;
/** How soon a stream ended by a shutdown reconnects (the browser adds nothing to the server-sent `retry`). */
const RECONNECT_AFTER_SHUTDOWN_MS = 1000;
/** Events written (and announced) per statement: 200 ids stay far below NOTIFY's 8000-byte payload. */
const PUBLISH_CHUNK = 200;
/**
 * The key of the transaction-level advisory lock (PostgreSQL) that event inserts take, so ids are handed out in
 * commit order. One bigint key: lock keys of two integers (the test databases' leases) are another key space.
 */
export const EVENT_ORDER_LOCK = 7_461_022_905_113;
/** The response header of a signed-in user's GETs that says where a stream must start to miss none of its data. */
export const LIVE_EVENT_ID_HEADER = 'x-live-event-id';

export type LiveEventType =
  | 'task.created' | 'task.updated' | 'task.deleted'
  | 'list.created' | 'list.updated' | 'list.deleted'
  | 'bucket.created' | 'bucket.updated' | 'bucket.deleted'
  | 'comment.created' | 'comment.updated' | 'comment.deleted'
  | 'label.created' | 'label.updated' | 'label.deleted'
  | 'namespace.created' | 'namespace.updated' | 'namespace.deleted';

interface Draft {
  type: LiveEventType;
  payload: unknown;
  readers: number[];
  /** The list whose content this is (tasks, buckets, comments): a catch-up checks the reader can still read it. */
  listId?: number | null;
}

interface EventRow {
  id: number;
  type: string;
  payload: string;
  user_ids: string;
  list_id: number | null;
}

type Json = Record<string, unknown>;
type Params = Record<string, string>;

interface RuleContext {
  db: Db;
  auth: Auth;
  params: Params;
  body: unknown;
  before: unknown;
}

interface Rule {
  /** Read before the route runs: what a delete or a move makes unreadable afterwards. */
  before?: (db: Db, params: Params) => Promise<unknown>;
  after: (c: RuleContext) => Promise<Draft[]>;
}

/** Fields that differ by reader (the sender's favourite star and subscription): each client keeps its own. */
function shared(entity: unknown): Json {
  const { is_favorite: _f, subscription: _s, ...rest } = (entity ?? {}) as Json;
  return rest;
}

const num = (v: unknown) => Number(v);

async function taskListId(db: Db, taskId: number): Promise<number | null> {
  const row = await db.selectFrom('tasks').select('list_id').where('id', '=', taskId).executeTakeFirst();
  return row ? row.list_id : null;
}

async function readersOf(db: Db, ...listIds: (number | null | undefined)[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const listId of new Set(listIds)) {
    if (listId) for (const id of await listReaderIds(db, listId)) ids.add(id);
  }
  return [...ids];
}

/** Who reads a namespace: its owner and the users it is shared with, directly or through a team. */
async function namespaceReaderIds(db: Db, namespaceId: number): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    select n.owner_id as user_id from namespaces n where n.id = ${namespaceId}
    union select un.user_id from users_namespaces un where un.namespace_id = ${namespaceId}
    union select tm.user_id from team_namespaces tn join team_members tm on tm.team_id = tn.team_id
      where tn.namespace_id = ${namespaceId}`.execute(db);
  return rows.map((r) => Number(r.user_id));
}

/** The readers before a change who are not readers after it: for them the thing is gone. */
function lost(before: unknown, after: readonly number[]): number[] {
  const kept = new Set(after);
  return ((before ?? []) as number[]).filter((id) => !kept.has(id));
}

/**
 * A task update (one, or a bulk edit's, all of one list) goes to the readers of the list the tasks are in now; when
 * the tasks moved there from a list `from`, the readers of that list who cannot read the new one get a delete.
 */
async function tasksUpdated(db: Db, tasks: Json[], from: number | null): Promise<Draft[]> {
  if (tasks.length === 0) return [];
  const to = num(tasks[0]!.list_id);
  const readers = await readersOf(db, to);
  const drafts: Draft[] = tasks.map((t) => ({ type: 'task.updated', payload: shared(t), readers }));
  if (from && from !== to) {
    const left = lost(await readersOf(db, from), readers);
    for (const t of tasks) drafts.push({ type: 'task.deleted', payload: { id: num(t.id), list_id: from }, readers: left });
  }
  return drafts;
}

/**
 * A task's related tasks as each reader may see them (as GET /tasks/{id} shows them): a reader who cannot open a
 * related task's list gets it without content, so a task event splits into one per set of such lists.
 */
async function relatedByReader(db: Db, drafts: Draft[]): Promise<Draft[]> {
  const out: Draft[] = [];
  for (const d of drafts) {
    const task = d.payload as Json;
    const related = (/^task\.(created|updated)$/.test(d.type) ? task.related_tasks : null) as Record<string, Json[]> | null;
    const foreign = new Set(
      Object.values(related ?? {})
        .flat()
        .map((r) => num(r.list_id))
        .filter((id) => id > 0 && id !== num(task.list_id)),
    );
    if (foreign.size === 0) {
      out.push(d);
      continue;
    }
    const readersOfList = new Map<number, Set<number>>();
    for (const listId of foreign) readersOfList.set(listId, new Set(await listReaderIds(db, listId)));
    const groups = new Map<string, { hidden: Set<number>; readers: number[] }>();
    for (const reader of d.readers) {
      const hidden = [...foreign].filter((listId) => !readersOfList.get(listId)!.has(reader)).sort((a, b) => a - b);
      const key = hidden.join(',');
      const group = groups.get(key);
      if (group) group.readers.push(reader);
      else groups.set(key, { hidden: new Set(hidden), readers: [reader] });
    }
    for (const { hidden, readers } of groups.values()) {
      if (hidden.size === 0) {
        out.push({ ...d, readers });
        continue;
      }
      const shown = Object.fromEntries(
        Object.entries(related!).map(([kind, tasks]) => [kind, tasks.map((r) => (hidden.has(num(r.list_id)) ? undisclosedTask(num(r.id)) : r))]),
      );
      out.push({ ...d, payload: { ...task, related_tasks: shown }, readers });
    }
  }
  return out;
}

/** A label is read by its creator and by whoever reads a list with a task carrying it (as GET /labels answers). */
async function labelReaders(db: Db, labelId: number): Promise<number[]> {
  const label = await db.selectFrom('labels').select('created_by_id').where('id', '=', labelId).executeTakeFirst();
  if (!label) return [];
  const lists = await db
    .selectFrom('label_tasks')
    .innerJoin('tasks', 'tasks.id', 'label_tasks.task_id')
    .select('tasks.list_id')
    .distinct()
    .where('label_tasks.label_id', '=', labelId)
    .execute();
  return [...new Set([label.created_by_id, ...(await readersOf(db, ...lists.map((l) => l.list_id)))])];
}

/** A task changed through one of its sub-resources (labels, assignees, relations, attachments): sent whole again. */
const taskTouched: Rule = {
  after: async ({ db, auth, params }) => {
    const row = await db.selectFrom('tasks').selectAll().where('id', '=', num(params.task)).executeTakeFirst();
    if (!row) return [];
    const [json] = await tasksJson(db, auth, [row]);
    return [{ type: 'task.updated', payload: shared(json), readers: await readersOf(db, row.list_id) }];
  },
};

function commentRule(type: 'comment.created' | 'comment.updated'): Rule {
  return {
    after: async ({ db, params, body }) => {
      const listId = await taskListId(db, num(params.task));
      return [{ type, payload: { task_id: num(params.task), comment: body }, readers: await readersOf(db, listId), listId }];
    },
  };
}

/**
 * Who shares a list changed: the list as it is now goes to its readers before and after, so whoever gained it shows
 * it and whoever lost it drops it.
 */
const sharesChanged: Rule = {
  before: (db, p) => readersOf(db, num(p.id)),
  after: async ({ db, auth, params, before }) => {
    const row = await db.selectFrom('lists').selectAll().where('id', '=', num(params.id)).executeTakeFirst();
    if (!row) return [];
    const readers = [...(before as number[]), ...(await readersOf(db, row.id))];
    return [{ type: 'list.updated', payload: shared(await listJson(db, auth, row)), readers }];
  },
};

/**
 * Who shares a namespace changed: its readers now get it as it is (one who gained it loads its lists), and whoever
 * lost it gets a delete of it (with it go its lists, unless shared with them on their own; the client reloads them).
 */
const namespaceSharesChanged: Rule = {
  before: (db, p) => namespaceReaderIds(db, num(p.id)),
  after: async ({ db, auth, params, before }) => {
    const row = await db.selectFrom('namespaces').selectAll().where('id', '=', num(params.id)).executeTakeFirst();
    if (!row) return [];
    const readers = await namespaceReaderIds(db, row.id);
    const [json] = await namespacesJson(db, auth, [row]);
    return [
      { type: 'namespace.updated', payload: shared(json), readers },
      { type: 'namespace.deleted', payload: { id: row.id }, readers: lost(before, readers) },
    ];
  },
};

/** The write routes that make events, by method and path (after the API prefix). */
const RULES: Record<string, Rule> = {
  'PUT /lists/:list': {
    after: async ({ db, body }) => [{ type: 'task.created', payload: shared(body), readers: await readersOf(db, num((body as Json).list_id)) }],
  },
  'POST /tasks/:task': {
    before: (db, p) => taskListId(db, num(p.task)),
    after: ({ db, body, before }) => tasksUpdated(db, [body as Json], before as number | null),
  },
  'DELETE /tasks/:task': {
    before: (db, p) => taskListId(db, num(p.task)),
    after: async ({ db, params, before }) => [
      { type: 'task.deleted', payload: { id: num(params.task), list_id: before }, readers: await readersOf(db, before as number | null) },
    ],
  },
  // A bulk edit keeps its tasks in their one list (it takes no list_id).
  'POST /tasks/bulk': { after: ({ db, body }) => tasksUpdated(db, ((body as Json).tasks ?? []) as Json[], null) },
  'PUT /tasks/:task/labels': taskTouched,
  'DELETE /tasks/:task/labels/:label': taskTouched,
  'POST /tasks/:task/labels/bulk': taskTouched,
  'PUT /tasks/:task/assignees': taskTouched,
  'DELETE /tasks/:task/assignees/:userId': taskTouched,
  'POST /tasks/:task/assignees/bulk': taskTouched,
  'PUT /tasks/:task/relations': taskTouched,
  'DELETE /tasks/:task/relations/:kind/:otherTask': taskTouched,
  'PUT /tasks/:task/attachments': taskTouched,
  'DELETE /tasks/:task/attachments/:id': taskTouched,
  'PUT /tasks/:task/comments': commentRule('comment.created'),
  'POST /tasks/:task/comments/:id': commentRule('comment.updated'),
  'DELETE /tasks/:task/comments/:id': {
    after: async ({ db, params }) => {
      const listId = await taskListId(db, num(params.task));
      return [{ type: 'comment.deleted', payload: { id: num(params.id), task_id: num(params.task) }, readers: await readersOf(db, listId), listId }];
    },
  },
  'PUT /lists/:list/buckets': {
    after: async ({ db, params, body }) => [{ type: 'bucket.created', payload: body, readers: await readersOf(db, num(params.list)) }],
  },
  'POST /lists/:list/buckets/:bucket': {
    after: async ({ db, params, body }) => [{ type: 'bucket.updated', payload: body, readers: await readersOf(db, num(params.list)) }],
  },
  'DELETE /lists/:list/buckets/:bucket': {
    after: async ({ db, params }) => [
      { type: 'bucket.deleted', payload: { id: num(params.bucket), list_id: num(params.list) }, readers: await readersOf(db, num(params.list)) },
    ],
  },
  'PUT /namespaces/:ns/lists': {
    after: async ({ db, body }) => [{ type: 'list.created', payload: shared(body), readers: await readersOf(db, num((body as Json).id)) }],
  },
  'PUT /lists/:list/duplicate': {
    after: async ({ db, body }) => {
      const list = (body as Json).List as Json;
      return [{ type: 'list.created', payload: shared(list), readers: await readersOf(db, num(list.id)) }];
    },
  },
  // A list moved to another namespace is gone for the readers of the old namespace who do not read the new one.
  'POST /lists/:list': {
    before: (db, p) => readersOf(db, num(p.list)),
    after: async ({ db, params, body, before }) => {
      const readers = await readersOf(db, num(params.list));
      return [
        { type: 'list.updated', payload: shared(body), readers },
        { type: 'list.deleted', payload: { id: num(params.list) }, readers: lost(before, readers) },
      ];
    },
  },
  'DELETE /lists/:list': {
    before: (db, p) => readersOf(db, num(p.list)),
    after: async ({ params, before }) => [{ type: 'list.deleted', payload: { id: num(params.list) }, readers: before as number[] }],
  },
  'PUT /lists/:id/users': sharesChanged,
  'POST /lists/:id/users/:username': sharesChanged,
  'DELETE /lists/:id/users/:username': sharesChanged,
  'PUT /lists/:id/teams': sharesChanged,
  'POST /lists/:id/teams/:team': sharesChanged,
  'DELETE /lists/:id/teams/:team': sharesChanged,
  'PUT /namespaces': {
    after: async ({ db, body }) => [{ type: 'namespace.created', payload: shared(body), readers: await namespaceReaderIds(db, num((body as Json).id)) }],
  },
  // Edits and archiving (is_archived) alike.
  'POST /namespaces/:ns': {
    after: async ({ db, params, body }) => [{ type: 'namespace.updated', payload: shared(body), readers: await namespaceReaderIds(db, num(params.ns)) }],
  },
  // The namespace goes with its lists: their readers through a share of the list alone are told of each list.
  'DELETE /namespaces/:ns': {
    before: async (db, p) => {
      const lists = await db.selectFrom('lists').select('id').where('namespace_id', '=', num(p.ns)).execute();
      return {
        readers: await namespaceReaderIds(db, num(p.ns)),
        lists: await Promise.all(lists.map(async (l) => ({ id: l.id, readers: await listReaderIds(db, l.id) }))),
      };
    },
    after: async ({ params, before }) => {
      const { readers, lists } = (before ?? { readers: [], lists: [] }) as { readers: number[]; lists: { id: number; readers: number[] }[] };
      return [
        { type: 'namespace.deleted', payload: { id: num(params.ns) }, readers },
        ...lists.map((l): Draft => ({ type: 'list.deleted', payload: { id: l.id }, readers: lost(l.readers, readers) })),
      ];
    },
  },
  'PUT /namespaces/:id/users': namespaceSharesChanged,
  'POST /namespaces/:id/users/:username': namespaceSharesChanged,
  'DELETE /namespaces/:id/users/:username': namespaceSharesChanged,
  'PUT /namespaces/:id/teams': namespaceSharesChanged,
  'POST /namespaces/:id/teams/:team': namespaceSharesChanged,
  'DELETE /namespaces/:id/teams/:team': namespaceSharesChanged,
  'PUT /labels': {
    after: async ({ auth, body }) => [{ type: 'label.created', payload: body, readers: [auth.userId] }],
  },
  'POST /labels/:label': {
    after: async ({ db, params, body }) => [{ type: 'label.updated', payload: body, readers: await labelReaders(db, num(params.label)) }],
  },
  'DELETE /labels/:label': {
    before: (db, p) => labelReaders(db, num(p.label)),
    after: async ({ params, before }) => [{ type: 'label.deleted', payload: { id: num(params.label) }, readers: before as number[] }],
  },
};

// ---- Tickets (see the top): userId.issuedAt.exp.nonce.jti.mac ----

/** The session a ticket was handed to: a password change that ends the session refuses its tickets. */
interface TicketSession extends SessionMark {
  userId: number;
}

interface TicketClaims extends TicketSession {
  exp: number;
  /** Random, and covered by the MAC: the ticket's identity for its single use. */
  nonce: string;
}

function ticketMac(secret: string, body: string): Buffer {
  return createHmac('sha256', `live-events-ticket\n${secret}`).update(body).digest();
}

export function makeTicket(secret: string, session: TicketSession, nowS = Math.floor(Date.now() / 1000)): string {
  // A jti is base64url (no dots); a token without one leaves its place empty.
  const body = `${session.userId}.${session.issuedAt}.${nowS + TICKET_TTL_S}.${randomBytes(12).toString('base64url')}.${session.jti ?? ''}`;
  return `${body}.${ticketMac(secret, body).toString('base64url')}`;
}

/** The claims of a ticket this server made and that has not expired, else null (whether it was used is not known here). */
export function readTicket(secret: string, ticket: string, nowS = Math.floor(Date.now() / 1000)): TicketClaims | null {
  const parts = ticket.split('.');
  if (parts.length !== 6) return null;
  const body = parts.slice(0, 5).join('.');
  const mac = Buffer.from(parts[5]!, 'base64url');
  const expected = ticketMac(secret, body);
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  const [userId, issuedAt, exp] = parts.slice(0, 3).map(Number) as [number, number, number];
  if (!(exp > nowS)) return null;
  return { userId, issuedAt, exp, nonce: parts[3]!, jti: parts[4] || undefined };
}

// ---- Streams ----

interface Stream {
  userId: number;
  send: (frame: string) => void;
  /** Events that arrive while the catch-up is read wait here, so none is sent before the ones it follows. */
  pending: EventRow[] | null;
  end: () => void;
}

function frame(id: number, type: string, payload: string): string {
  // JSON has no raw newlines, so one data line carries it.
  return `id: ${id}\nevent: ${type}\ndata: ${payload}\n\n`;
}

/** The list of a task or bucket event (in its payload) or of a comment event (found by its rule). */
function contentList(d: Draft): number | null {
  if (d.listId !== undefined) return d.listId;
  if (!/^(task|bucket)\./.test(d.type)) return null;
  const id = Number((d.payload as Json).list_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const readsEvent = (row: EventRow, userId: number) => row.user_ids.includes(`,${userId},`);

export interface LiveEvents {
  /** Records events and delivers them (directly on SQLite, through NOTIFY on PostgreSQL). */
  publish: (drafts: Draft[]) => Promise<void>;
  /** Open streams in this process (for tests and monitoring). */
  streamCount: () => number;
  /** Ends every stream with a reconnect hint and opens no more (the process is stopping). */
  endStreams: () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates of this server, null when switched off. */
    liveEvents: LiveEvents | null;
  }
}

export async function registerLiveEvents(app: FastifyInstance, prefix: string): Promise<LiveEvents | null> {
  const { db, config } = app.ctx;
  app.decorate('liveEvents', null);
  if (!config.liveUpdatesEnabled) return null;
  const postgres = isPostgresUrl(config.databaseUrl);
  const heartbeatMs = config.liveHeartbeatMs;
  // Per process: on PostgreSQL each server process counts its own streams.
  const streamsPerUser = config.liveStreamsPerUser;
  const streams = new Map<number, Set<Stream>>();
  let written = 0;
  const pruneEvery = Math.max(1, Math.min(100, Math.floor(config.liveEventsKept / 4)));
  const maxId = async () => (await db.selectFrom('live_events').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst())?.m ?? null;
  /**
   * The newest event id this process knows to be committed (see the top, "Where a first stream starts"): the last it
   * delivered, or the log's newest when it started listening.
   */
  let lastSeen = 0;

  const deliver = (row: EventRow) => {
    lastSeen = Math.max(lastSeen, row.id);
    const text = frame(row.id, row.type, row.payload);
    for (const [userId, set] of streams) {
      if (!readsEvent(row, userId)) continue;
      for (const s of set) {
        if (s.pending) s.pending.push(row);
        else s.send(text);
      }
    }
  };

  // PostgreSQL: one listening connection per process; reconnects after a loss and then reads what it missed.
  let listener: pg.Client | null = null;
  let closing = false;
  /** Set once the process drains: a stream opened now would only hold up the stop. */
  let stopping = false;
  const deliverAfter = async (id: number) => {
    const rows = await db.selectFrom('live_events').selectAll().where('id', '>', id).orderBy('id').limit(MAX_REPLAY).execute();
    for (const row of rows) deliver(row);
  };
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    const retry = () => {
      if (listener !== client || closing) return;
      listener = null;
      setTimeout(() => void listen().catch(retry), 1000).unref();
    };
    listener = client;
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (msg) => {
      const ids = String(msg.payload ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0);
      if (ids.length === 0) return;
      void db
        .selectFrom('live_events')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
        .then((rows) => {
          for (const row of rows) deliver(row);
        })
        .catch((err: unknown) => app.log.warn({ err }, 'live event not delivered'));
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    // Read after LISTEN: an event committed meanwhile is counted here or announced, never neither.
    if (lastSeen > 0) await deliverAfter(lastSeen);
    else lastSeen = (await maxId()) ?? 0;
  };
  if (postgres) await listen();
  else lastSeen = (await maxId()) ?? 0;

  const publish = async (drafts: Draft[]) => {
    const created = nowIso();
    const values = drafts
      .map((d) => ({ d, readers: [...new Set(d.readers)].filter((id) => id > 0) }))
      .filter(({ readers }) => readers.length > 0)
      .map(({ d, readers }) => ({ created, type: d.type, payload: JSON.stringify(d.payload), user_ids: `,${readers.join(',')},`, list_id: contentList(d) }));
    // A bulk edit of a thousand tasks is a few statements, not a thousand; the ids of a chunk fit one NOTIFY.
    for (let i = 0; i < values.length; i += PUBLISH_CHUNK) {
      const chunk = values.slice(i, i + PUBLISH_CHUNK);
      let rows: EventRow[];
      if (postgres) {
        // Ids in commit order (see the top); the NOTIFY goes out with the commit.
        rows = await db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK}::bigint)`.execute(trx);
          const inserted = await trx.insertInto('live_events').values(chunk).returningAll().execute();
          inserted.sort((a, b) => a.id - b.id);
          await sql`select pg_notify(${CHANNEL}, ${inserted.map((r) => r.id).join(',')})`.execute(trx);
          return inserted;
        });
      } else {
        rows = await db.insertInto('live_events').values(chunk).returningAll().execute();
        rows.sort((a, b) => a.id - b.id);
        for (const row of rows) deliver(row);
      }
      const before = written;
      written += rows.length;
      // Pruned now and then, not on every write: one delete by primary key per hundred events.
      if (Math.floor(written / pruneEvery) > Math.floor(before / pruneEvery)) {
        await db.deleteFrom('live_events').where('id', '<=', rows.at(-1)!.id - config.liveEventsKept).execute();
      }
    }
  };

  // A signed-in user's reads say where their first stream must start (see the top). In onRequest, after the app's own
  // hook has authenticated the request: before anything of the route runs. Link shares never get a stream.
  const streamUrl = `${prefix}/events`;
  app.addHook('onRequest', async (req, reply) => {
    const url = req.routeOptions.url;
    if (req.method !== 'GET' || req.auth?.kind !== 'user' || !url?.startsWith(prefix) || url === streamUrl) return;
    reply.header(LIVE_EVENT_ID_HEADER, String(lastSeen));
  });

  // ---- Recording: around the write routes of RULES ----
  const ruleOf = (req: FastifyRequest): Rule | undefined => {
    const url = req.routeOptions.url;
    if (!url?.startsWith(prefix)) return undefined;
    return RULES[`${req.method} ${url.slice(prefix.length)}`];
  };
  const before = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preHandler', async (req) => {
    const rule = ruleOf(req);
    if (!rule?.before || !req.auth) return;
    try {
      before.set(req, await rule.before(db, req.params as Params));
    } catch (err) {
      req.log.warn({ err }, 'live event: state before the change not read');
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 300 || !req.auth) return payload;
    const rule = ruleOf(req);
    if (!rule) return payload;
    // A live event that cannot be recorded must never fail the write that already happened.
    try {
      const body = typeof payload === 'string' && payload !== '' ? (JSON.parse(payload) as unknown) : null;
      await publish(await relatedByReader(db, await rule.after({ db, auth: req.auth, params: req.params as Params, body, before: before.get(req) })));
    } catch (err) {
      req.log.warn({ err }, 'live event not recorded');
    }
    return payload;
  });

  /** Whether the user of a ticket may still read: the account exists, is not disabled, and the session is not ended. */
  const ticketSessionStands = async (claims: TicketClaims): Promise<boolean> => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'status', 'sessions_valid_after', 'sessions_kept_iat', 'sessions_kept_jti'])
      .where('id', '=', claims.userId)
      .executeTakeFirst();
    if (!user || user.status === 2) return false;
    return sessionStands(db, user, claims);
  };

  /** Records a ticket's use; false when it was used before (by this process or another). Expired uses are pruned. */
  const useTicket = async (claims: TicketClaims): Promise<boolean> => {
    await db.deleteFrom('live_ticket_uses').where('expires', '<=', Math.floor(Date.now() / 1000)).execute();
    const row = await db
      .insertInto('live_ticket_uses')
      .values({ nonce: claims.nonce, expires: claims.exp })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    return row !== undefined;
  };

  // ---- The routes ----
  await app.register(
    async (r) => {
      r.post('/events/ticket', async (req) => {
        const auth = req.auth;
        if (!auth) throw unauthorized();
        if (auth.kind !== 'user') throw forbidden();
        const issuedAt = auth.issuedAt ?? Math.floor(Date.now() / 1000);
        return { ticket: makeTicket(config.jwtSecret, { userId: auth.userId, issuedAt, jti: auth.jti }), expires_in: TICKET_TTL_S };
      });

      r.get<{ Querystring: { ticket?: string; last_event_id?: string } }>('/events', async (req, reply) => {
        if (stopping) return reply.code(503).header('retry-after', '1').send({ message: 'The server is restarting: try again in a moment.' });
        const claims = readTicket(config.jwtSecret, String(req.query.ticket ?? ''));
        if (!claims) throw unauthorized('invalid or expired ticket');
        if (!(await ticketSessionStands(claims))) throw unauthorized('invalid or expired ticket');
        // Single-use: a ticket from a URL that leaked (a log, a proxy) opens nothing once its stream was opened.
        if (!(await useTicket(claims))) throw unauthorized('invalid or expired ticket');
        const userRow = await db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirstOrThrow();
        const user = { id: userRow.id };
        const rawLast = req.headers['last-event-id'] ?? req.query.last_event_id;
        const lastRaw = Array.isArray(rawLast) ? rawLast[0] : rawLast;
        if (lastRaw !== undefined && lastRaw !== '' && !/^\d{1,15}$/.test(lastRaw)) throw apiError(2002, 'Invalid Last-Event-ID.');
        const lastId = lastRaw === undefined || lastRaw === '' ? null : Number(lastRaw);

        reply.hijack();
        const res = reply.raw;
        // The headers set so far (security headers, CORS) go out with the stream's own.
        const headers: Record<string, string | number | string[]> = {};
        for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string | number | string[];
        res.writeHead(200, {
          ...headers,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // Proxies such as nginx would otherwise hold events back in a buffer.
          'x-accel-buffering': 'no',
        });
        let open = true;
        const stream: Stream = {
          userId: user.id,
          pending: [],
          send: (text) => {
            if (open) res.write(text);
          },
          end: () => {
            if (!open) return;
            open = false;
            clearInterval(heartbeat);
            const set = streams.get(user.id);
            set?.delete(stream);
            if (set?.size === 0) streams.delete(user.id);
            res.end();
          },
        };
        // Each heartbeat also asks whether the session still stands: a password change, a sign-out everywhere or a
        // deleted account ends the stream as it ends the session's other requests.
        const heartbeat = setInterval(() => {
          void ticketSessionStands(claims)
            .then((ok) => (ok ? stream.send(': ping\n\n') : stream.end()))
            .catch(() => stream.send(': ping\n\n'));
        }, heartbeatMs);
        heartbeat.unref();
        // The response's close, not the request's: a request's 'close' comes as soon as its (empty) body is read.
        res.on('close', stream.end);
        res.on('error', stream.end);
        let set = streams.get(user.id);
        if (!set) streams.set(user.id, (set = new Set()));
        set.add(stream);
        // At the cap the person's oldest stream goes, not the new one: many streams of one person are mostly ones whose
        // client vanished without closing (a phone off the network), and a client whose stream ends reconnects.
        for (const old of set) {
          if (set.size <= streamsPerUser) break;
          old.send(`: closed: more than ${streamsPerUser} live streams for this user; the newest stay open\n\n`);
          old.end();
        }
        res.write(`retry: 3000\n\n`);

        try {
          let sentUpTo = 0;
          const oldest = await db.selectFrom('live_events').select(sql<number | null>`min(id)`.as('m')).executeTakeFirst();
          const newest = (await maxId()) ?? 0;
          const replay =
            lastId === null
              ? []
              : await db
                  .selectFrom('live_events')
                  .selectAll()
                  .where('id', '>', lastId)
                  .where('user_ids', 'like', `%,${user.id},%`)
                  .orderBy('id')
                  .limit(MAX_REPLAY + 1)
                  .execute();
          const pruned = lastId !== null && ((oldest?.m != null && oldest.m > lastId + 1) || lastId > newest);
          if (pruned || replay.length > MAX_REPLAY) {
            // Events this client missed are gone (or too many): it refetches what it shows.
            stream.send(frame(newest, 'reset', '{}'));
            sentUpTo = newest;
          } else {
            // What the user could read when it happened, and still can: lists shared with them meanwhile are not
            // replayed from before, lists taken from them are not replayed at all.
            const readable = replay.length ? await reachableLists(db, { kind: 'user', userId: user.id, user: userRow, long: false }) : new Map();
            for (const row of replay) if (row.list_id === null || readable.has(row.list_id)) stream.send(frame(row.id, row.type, row.payload));
            sentUpTo = Math.max(replay.at(-1)?.id ?? 0, lastId ?? 0);
            // Where this client starts: a reconnect without any event for it still replays from here.
            stream.send(frame(Math.max(sentUpTo, newest), 'ready', '{}'));
          }
          const waiting = stream.pending ?? [];
          stream.pending = null;
          for (const row of waiting) if (row.id > sentUpTo && readsEvent(row, user.id)) stream.send(frame(row.id, row.type, row.payload));
        } catch (err) {
          req.log.warn({ err }, 'live events: catch-up failed');
          stream.end();
        }
      });
    },
    { prefix },
  );

  // Open streams never end by themselves: end them so closing the server does not wait for the clients, each with a
  // hint to come back soon (to another process, or this one restarted) and catch up from its last event id.
  const endStreams = () => {
    stopping = true;
    for (const set of streams.values()) {
      for (const s of [...set]) {
        s.send(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n: server stopping\n\n`);
        s.end();
      }
    }
  };
  app.addHook('preClose', async () => {
    closing = true;
    endStreams();
    const l = listener;
    listener = null;
    await l?.end().catch(() => undefined);
  });

  const events: LiveEvents = { publish, endStreams, streamCount: () => [...streams.values()].reduce((n, s) => n + s.size, 0) };
  app.liveEvents = events;
  return events;
}
