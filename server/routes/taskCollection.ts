// Task collections: GET /lists/:list/tasks (incl. favourites −1 and saved filters −(id+1)) and GET /tasks/all.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { authOf, idParam, type Auth } from '../context.js';
import { apiError } from '../errors.js';
import type { Db } from '../db/database.js';
import { Right, checkList, reachableLists } from '../rights.js';
import { parsePaging, setPaginationHeaders, sqlWindow } from '../pagination.js';
import { queryFromRequest, queryFromSavedFilter, taskPage, type TaskQuery } from '../tasks/collection.js';
import { tasksJson } from '../tasks/serialize.js';

const FAVORITES_LIST = -1;

/** Ids of the caller's lists that are not archived (nor in an archived namespace). */
async function activeLists(db: Db, auth: Auth): Promise<number[]> {
  const reachable = await reachableLists(db, auth);
  if (reachable.size === 0) return [];
  const rows = await db
    .selectFrom('lists')
    .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
    .select('lists.id')
    .where('lists.id', 'in', [...reachable.keys()])
    .where('lists.is_archived', '=', 0)
    .where('namespaces.is_archived', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

async function answer(
  db: Db,
  auth: Auth,
  reply: FastifyReply,
  query: Record<string, unknown>,
  listIds: number[],
  q: TaskQuery,
  extra: ReturnType<typeof sql<SqlBool>>[] = [],
) {
  const paging = parsePaging(query);
  const { limit, offset } = sqlWindow(paging);
  const { rows, total } = await taskPage(db, { listIds, query: q, extra, limit, offset });
  setPaginationHeaders(reply, total, paging, rows.length);
  return tasksJson(db, auth, rows);
}

export default async function taskCollection(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get<{ Params: { list: string }; Querystring: Record<string, unknown> }>('/lists/:list/tasks', async (req, reply) => {
    const auth = authOf(req);
    const listId = idParam(req.params.list, 'list');
    const query = req.query;
    if (listId < FAVORITES_LIST) {
      if (auth.kind === 'link') throw apiError(11002);
      const filterId = -listId - 1;
      const filter = await db.selectFrom('saved_filters').selectAll().where('id', '=', filterId).executeTakeFirst();
      if (!filter || filter.owner_id !== auth.userId) throw apiError(11001);
      let stored: Record<string, unknown> = {};
      try {
        stored = JSON.parse(filter.filters) as Record<string, unknown>;
      } catch {
        stored = {};
      }
      // The stored filter decides what matches; only the request's sort and search override it.
      const q = queryFromSavedFilter(stored ?? {});
      const fromRequest = queryFromRequest(query);
      if (fromRequest.sortBy.length) {
        q.sortBy = fromRequest.sortBy;
        q.orderBy = fromRequest.orderBy;
      }
      if (fromRequest.search) q.search = fromRequest.search;
      return answer(db, auth, reply, query, await activeLists(db, auth), q);
    }
    const q = queryFromRequest(query);
    if (auth.kind === 'link') {
      // A link share only ever sees its own list, whatever the path says, and only while it carries a right there.
      await checkList(db, auth, auth.share.list_id, Right.Read, { scope: 'content' });
      return answer(db, auth, reply, query, [auth.share.list_id], q);
    }
    if (listId === FAVORITES_LIST) {
      const reachable = await reachableLists(db, auth);
      const favorites = sql<SqlBool>`tasks.id in (select entity_id from favorites where user_id = ${auth.userId} and kind = 1)`;
      return answer(db, auth, reply, query, [...reachable.keys()], q, [favorites]);
    }
    await checkList(db, auth, listId, Right.Read, { scope: 'content' });
    return answer(db, auth, reply, query, [listId], q);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/tasks/all', async (req, reply) => {
    const auth = authOf(req);
    const q = queryFromRequest(req.query);
    if (auth.kind === 'link') {
      await checkList(db, auth, auth.share.list_id, Right.Read, { scope: 'content' });
      return answer(db, auth, reply, req.query, [auth.share.list_id], q);
    }
    return answer(db, auth, reply, req.query, await activeLists(db, auth), q);
  });
}
