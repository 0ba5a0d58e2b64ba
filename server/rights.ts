// The one place rights are computed: owner, namespace owner, user shares, team shares, link shares.
import type { FastifyReply } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { generationCache, type Db } from './db/database.js';
import type { ListsTable, NamespacesTable, TasksTable } from './db/schema.js';
import type { Auth } from './context.js';
import { apiError, forbidden, type ApiError, type ErrorCode } from './errors.js';

export const Right = { Read: 0, ReadWrite: 1, Admin: 2 } as const;
export type RightLevel = (typeof Right)[keyof typeof Right];
type TaskRow = Selectable<TasksTable>;

export function isValidRight(value: unknown): value is RightLevel {
  return value === 0 || value === 1 || value === 2;
}

/** Sets `x-max-right`, the caller's right on the one entity a response carries (API-NOTES §2). */
export function maxRight(reply: FastifyReply, right: RightLevel): void {
  reply.header('x-max-right', String(right));
}

/**
 * Every list a user reaches, with the highest right from each source, as SQL rows (list_id, r).
 * `listId` narrows each branch so a single-list check stays an index lookup.
 */
function listRightsQuery(userId: number, listId?: number) {
  const only = (col: string) => (listId === undefined ? sql`` : sql` and ${sql.ref(col)} = ${listId}`);
  return sql<{ list_id: number; r: number }>`
    select l.id as list_id, 2 as r from lists l where l.owner_id = ${userId}${only('l.id')}
    union all
    select l.id, 2 from lists l join namespaces n on n.id = l.namespace_id where n.owner_id = ${userId}${only('l.id')}
    union all
    select ul.list_id, ul."right" from users_lists ul where ul.user_id = ${userId}${only('ul.list_id')}
    union all
    select l.id, un."right" from users_namespaces un join lists l on l.namespace_id = un.namespace_id
      where un.user_id = ${userId}${only('l.id')}
    union all
    select tl.list_id, tl."right" from team_members tm join team_lists tl on tl.team_id = tm.team_id
      where tm.user_id = ${userId}${only('tl.list_id')}
    union all
    select l.id, tn."right" from team_members tm join team_namespaces tn on tn.team_id = tm.team_id
      join lists l on l.namespace_id = tn.namespace_id where tm.user_id = ${userId}${only('l.id')}`;
}

/** The caller's right on a list, or null when it has none. Archiving is checked by the caller (see listWritable). */
export async function rightOnList(db: Db, auth: Auth, listId: number): Promise<RightLevel | null> {
  if (auth.kind === 'link') return auth.share.list_id === listId ? linkShareRight(db, auth.share) : null;
  return userRightOnList(db, auth.userId, listId);
}

/**
 * A link share acts with its own right, but never above what its creator holds on the list today: a share
 * made by someone who has since lost access (or been demoted) must not keep the rights they no longer have.
 */
export async function linkShareRight(db: Db, share: { list_id: number; right: number; shared_by_id: number }): Promise<RightLevel | null> {
  const creator = await userRightOnList(db, share.shared_by_id, share.list_id);
  if (creator === null) return null;
  return Math.min(share.right, creator) as RightLevel;
}

async function userRightOnList(db: Db, userId: number, listId: number): Promise<RightLevel | null> {
  return listRights(db, `${userId}:${listId}`, async () => {
    const { rows } = await sql<{ r: number | null }>`select max(r) as r from (${listRightsQuery(userId, listId)}) x`.execute(db);
    const r = rows[0]?.r;
    return r === null || r === undefined ? null : (r as RightLevel);
  });
}

/** Rights by user and list until the next write: every request for a list's tasks or a task asks again. */
const listRights = generationCache<RightLevel | null>();

/** Every list the caller reaches → its right. One query, whatever the number of lists. */
export async function reachableLists(db: Db, auth: Auth): Promise<ReadonlyMap<number, RightLevel>> {
  if (auth.kind === 'link') {
    const right = await linkShareRight(db, auth.share);
    return new Map(right === null ? [] : [[auth.share.list_id, right]]);
  }
  return userListRights(db, auth.userId);
}

/** Every list a user reaches → its right, also where no request asks (a data export). */
export async function userListRights(db: Db, userId: number): Promise<ReadonlyMap<number, RightLevel>> {
  return allListRights(db, String(userId), async () => {
    const { rows } = await sql<{ list_id: number; r: number }>`
      select list_id, max(r) as r from (${listRightsQuery(userId)}) x group by list_id`.execute(db);
    return new Map(rows.map((row) => [Number(row.list_id), row.r as RightLevel]));
  });
}

/** Every list a user reaches, until the next write: /tasks/all, favourites, saved filters and labels ask each time. */
const allListRights = generationCache<ReadonlyMap<number, RightLevel>>();

function namespaceRightsQuery(userId: number, namespaceId?: number) {
  const only = (col: string) => (namespaceId === undefined ? sql`` : sql` and ${sql.ref(col)} = ${namespaceId}`);
  return sql<{ namespace_id: number; r: number }>`
    select n.id as namespace_id, 2 as r from namespaces n where n.owner_id = ${userId}${only('n.id')}
    union all
    select un.namespace_id, un."right" from users_namespaces un where un.user_id = ${userId}${only('un.namespace_id')}
    union all
    select tn.namespace_id, tn."right" from team_members tm join team_namespaces tn on tn.team_id = tm.team_id
      where tm.user_id = ${userId}${only('tn.namespace_id')}`;
}

/** The caller's right on a namespace, or null. Link shares reach no namespace. */
export async function rightOnNamespace(db: Db, auth: Auth, namespaceId: number): Promise<RightLevel | null> {
  if (auth.kind === 'link') return null;
  const { rows } = await sql<{ r: number | null }>`select max(r) as r from (${namespaceRightsQuery(auth.userId, namespaceId)}) x`.execute(db);
  const r = rows[0]?.r;
  return r === null || r === undefined ? null : (r as RightLevel);
}

/** Every namespace the caller reaches → its right. */
export async function reachableNamespaces(db: Db, auth: Auth): Promise<Map<number, RightLevel>> {
  if (auth.kind === 'link') return new Map();
  const { rows } = await sql<{ namespace_id: number; r: number }>`
    select namespace_id, max(r) as r from (${namespaceRightsQuery(auth.userId)}) x group by namespace_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.namespace_id), row.r as RightLevel]));
}

/**
 * Whether writes to the list are allowed by its archive state: 'list' when the list is archived (3008),
 * 'namespace' when its namespace is (5012), null when writable.
 */
export async function archivedState(db: Db, listId: number): Promise<'list' | 'namespace' | null> {
  const row = await db
    .selectFrom('lists')
    .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
    .select(['lists.is_archived as list_archived', 'namespaces.is_archived as ns_archived'])
    .where('lists.id', '=', listId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.ns_archived) return 'namespace';
  if (row.list_archived) return 'list';
  return null;
}

// ---- Checks that routes call: load the entity, compute the right, throw the catalogue's error. ----

/** The 403 of the generic read-one handler. */
export const cannotSee = () => forbidden("You don't have the right to see this");

export type ListRow = Selectable<ListsTable>;
export type NamespaceRow = Selectable<NamespacesTable>;

export interface ListCheck {
  list: ListRow;
  /** The right to report in x-max-right (see ListScope: capped at read for an archived list's contents). */
  right: RightLevel;
}

/**
 * What a list check guards. The rules are the same for all (see checkList); the scope decides only how a
 * refusal reads and which right is reported:
 * - 'list': the list itself (its generic CRUD, shares, background). Refusals are the generic handler's framework
 *   403s (API-NOTES §3); the held right is reported, since an archived list's admins may still un-archive it.
 * - 'content': what is in the list (its tasks, buckets, a new task). Refusals are catalogue codes the client
 *   translates: 3004 cannot see the list, 1 right too low. Nothing in an archived list can change, so the right
 *   reported for it is read.
 * - 'task': one task, as 'content' but 4002/4005 (the task, not the list, is what the caller asked for).
 */
export type ListScope = 'list' | 'content' | 'task';

const REFUSALS: Record<ListScope, { missing: ErrorCode; hidden: (need: RightLevel) => ApiError; tooLow: () => ApiError; capArchived: boolean }> = {
  list: { missing: 3001, hidden: (need) => (need === Right.Read ? cannotSee() : forbidden()), tooLow: () => forbidden(), capArchived: false },
  content: { missing: 3001, hidden: () => apiError(3004), tooLow: () => apiError(1), capArchived: true },
  task: { missing: 4002, hidden: () => apiError(4005), tooLow: () => apiError(1), capArchived: true },
};

/** A list and its namespace's archive flag, read once per write generation: task routes check it on every call. */
const listRows = generationCache<(ListRow & { ns_archived: number | null }) | undefined>();

/**
 * Loads a list and checks the caller holds at least `need` on it. The rules, in order:
 * 1. no such list → missing (3001, or 4002 for a task);
 * 2. no right at all → hidden: the archive state of a list one cannot see is not revealed;
 * 3. a write (`need` ≥ ReadWrite) while the list's namespace is archived → 5012, while the list is → 3008,
 *    whatever the right (API-NOTES §5: every write check errors while archived), unless `allowArchived` —
 *    for the writes that may touch an archived list: un-archiving it, managing who shares it;
 * 4. a right below `need` → too low.
 */
export async function checkList(
  db: Db,
  auth: Auth,
  listId: number,
  need: RightLevel,
  opts: { scope?: ListScope; allowArchived?: boolean } = {},
): Promise<ListCheck> {
  const refuse = REFUSALS[opts.scope ?? 'list'];
  const row = await listRows(db, String(listId), () =>
    db
      .selectFrom('lists')
      .leftJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
      .selectAll('lists')
      .select('namespaces.is_archived as ns_archived')
      .where('lists.id', '=', listId)
      .executeTakeFirst(),
  );
  if (!row) throw apiError(refuse.missing);
  const { ns_archived, ...list } = row;
  const right = await rightOnList(db, auth, listId);
  if (right === null) throw refuse.hidden(need);
  const archived = ns_archived ? 'namespace' : list.is_archived ? 'list' : null;
  if (need >= Right.ReadWrite && archived && !opts.allowArchived) throw apiError(archived === 'namespace' ? 5012 : 3008);
  if (right < need) throw refuse.tooLow();
  return { list, right: archived && refuse.capArchived ? Right.Read : right };
}

/** Loads a task (4002) and checks the caller's right on its list, in the 'task' scope of checkList. */
export async function checkTask(db: Db, auth: Auth, taskId: number, need: RightLevel): Promise<{ task: TaskRow } & ListCheck> {
  const task = await db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw apiError(4002);
  const { list, right } = await checkList(db, auth, task.list_id, need, { scope: 'task' });
  return { task, list, right };
}

export interface NamespaceCheck {
  namespace: NamespaceRow;
  right: RightLevel;
}

/** Loads a namespace and checks the caller's right (5001 when missing; link shares reach none → 403). */
export async function checkNamespace(
  db: Db,
  auth: Auth,
  namespaceId: number,
  need: RightLevel,
  opts: { allowArchived?: boolean } = {},
): Promise<NamespaceCheck> {
  if (auth.kind === 'link') throw forbidden();
  const namespace = await db.selectFrom('namespaces').selectAll().where('id', '=', namespaceId).executeTakeFirst();
  if (!namespace) throw apiError(5001);
  const right = await rightOnNamespace(db, auth, namespaceId);
  if (right === null) throw need === Right.Read ? cannotSee() : forbidden();
  if (right < need) throw forbidden();
  if (need >= Right.ReadWrite && !opts.allowArchived && namespace.is_archived) throw apiError(5012);
  return { namespace, right };
}

/** Membership of a team: null when the caller is not a member. Team admins hold Admin, members Read. */
export async function rightOnTeam(db: Db, auth: Auth, teamId: number): Promise<RightLevel | null> {
  if (auth.kind === 'link') return null;
  const m = await db.selectFrom('team_members').select('admin').where('team_id', '=', teamId).where('user_id', '=', auth.userId).executeTakeFirst();
  if (!m) return null;
  return m.admin ? Right.Admin : Right.Read;
}

/** Loads a team and checks membership (need Read) or team admin (need Admin): 6002 when missing, else 403. */
export async function checkTeam(db: Db, auth: Auth, teamId: number, need: RightLevel) {
  if (auth.kind === 'link') throw forbidden();
  const team = await db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
  if (!team) throw apiError(6002);
  const right = await rightOnTeam(db, auth, teamId);
  if (right === null) throw need === Right.Read ? cannotSee() : forbidden();
  if (right < need) throw forbidden();
  return { team, right };
}

/** Ids of every user who can read the list (owner, namespace owner, user and team shares on list or namespace). */
export async function listReaderIds(db: Db, listId: number): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    select l.owner_id as user_id from lists l where l.id = ${listId}
    union select n.owner_id from lists l join namespaces n on n.id = l.namespace_id where l.id = ${listId}
    union select ul.user_id from users_lists ul where ul.list_id = ${listId}
    union select un.user_id from users_namespaces un join lists l on l.namespace_id = un.namespace_id where l.id = ${listId}
    union select tm.user_id from team_lists tl join team_members tm on tm.team_id = tl.team_id where tl.list_id = ${listId}
    union select tm.user_id from team_namespaces tn join team_members tm on tm.team_id = tn.team_id
      join lists l on l.namespace_id = tn.namespace_id where l.id = ${listId}`.execute(db);
  return rows.map((r) => Number(r.user_id));
}

/** Of these users, the ones who can read the list now: notifications about what is in it go to them alone. */
export async function readersAmong(db: Db, listId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const readers = new Set(await listReaderIds(db, listId));
  return [...new Set(userIds)].filter((id) => readers.has(id));
}
