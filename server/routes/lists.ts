// Lists: GET /lists, GET/POST/DELETE /lists/:list (incl. pseudo lists), PUT /namespaces/:ns/lists,
// GET /lists/:list/listusers, PUT /lists/:list/duplicate (API-NOTES §7).
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { apiError, forbidden, invalidData } from '../errors.js';
import { Right, checkList, checkNamespace, listReaderIds, maxRight, reachableLists, readersAmong, cannotSee } from '../rights.js';
import { bodyObject, checkLength, optBool, optHexColor, optInt, optNumber, optString, type Body } from '../bodyFields.js';
import { paginate, searchMatcher, setUnpagedHeaders } from '../pagination.js';
import { nowIso } from '../clock.js';
import { changedMeanwhile, checkIfMatch, entityEtag, isConditional, nextUpdated, staleWrite } from '../etag.js';
import { deleteLists } from '../cascade.js';
import { notifyUsers } from '../notify.js';
import { userJson } from '../serialize.js';
import { SUBSCRIPTION_ENTITY } from '../subscriptions.js';
import { duplicateList, insertList, setListFavorite } from '../lists/create.js';
import {
  FAVORITES_PSEUDO_LIST_ID,
  callerJson,
  favoritesPseudoListJson,
  filterAsListJson,
  filterIdOfList,
  isPseudoNamespace,
  listJson,
  listsJson,
} from '../lists/serialize.js';
import { deleteFilter, loadOwnFilter, savedFilterResponse, updateFilter } from '../lists/savedFilters.js';
import type { Db } from '../db/database.js';

const DELETED = { message: 'Successfully deleted.' };
const isTrue = (v: unknown) => v === 'true' || v === '1';

function listTitle(body: Body): string {
  const title = optString(body, 'title') ?? '';
  if (title.trim() === '') throw invalidData('title: non zero value required');
  checkLength(title, 'title', 250);
  return title;
}

function listIdentifier(body: Body): string {
  const identifier = optString(body, 'identifier') ?? '';
  checkLength(identifier, 'identifier', 10);
  return identifier;
}

/** 3007 when another list already uses the (non-empty) identifier. */
async function assertIdentifierFree(db: Db, identifier: string, exceptListId?: number): Promise<void> {
  if (identifier === '') return;
  let q = db.selectFrom('lists').select('id').where('identifier', '=', identifier);
  if (exceptListId !== undefined) q = q.where('id', '!=', exceptListId);
  if (await q.executeTakeFirst()) throw apiError(3007);
}

export default async function lists(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;

  app.get('/lists', async (req, reply) => {
    const auth = authOf(req);
    const q = req.query as Record<string, unknown>;
    const withArchived = isTrue(q.is_archived);
    const match = searchMatcher(q.s);
    const rights = await reachableLists(db, auth);
    let rows = rights.size
      ? await db
          .selectFrom('lists')
          .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
          .selectAll('lists')
          .select('namespaces.is_archived as ns_archived')
          .where('lists.id', 'in', [...rights.keys()])
          .orderBy('lists.position')
          .orderBy('lists.id')
          .execute()
      : [];
    // A link share always sees its one list, whatever its archive state.
    if (!withArchived && auth.kind === 'user') rows = rows.filter((l) => !l.is_archived && !l.ns_archived);
    if (match) rows = rows.filter((l) => match(l.id, l.title));
    const page = paginate(
      reply,
      q,
      rows.map(({ ns_archived: _n, ...l }) => l),
    );
    return listsJson(db, auth, page);
  });

  app.get('/lists/:list', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { list: string }).list, 'list id');
    if (id === FAVORITES_PSEUDO_LIST_ID) {
      if (auth.kind !== 'user') throw cannotSee();
      maxRight(reply, Right.Read);
      return favoritesPseudoListJson(callerJson(auth));
    }
    if (id < 0) {
      const filter = await loadOwnFilter(db, auth, filterIdOfList(id));
      const json = await savedFilterResponse(db, auth, filter);
      maxRight(reply, Right.Admin);
      // Tagged by the pseudo list's id, so a client builds it from this copy as from any list's.
      reply.header('etag', entityEtag({ id, updated: filter.updated }));
      return filterAsListJson(filter, json.owner, json.is_favorite);
    }
    const { list, right } = await checkList(db, auth, id, Right.Read);
    maxRight(reply, right);
    reply.header('etag', entityEtag(list));
    return listJson(db, auth, list);
  });

  app.put('/namespaces/:ns/lists', async (req, reply) => {
    const auth = authOf(req);
    const nsId = idParam((req.params as { ns: string }).ns, 'namespace id');
    const body = bodyObject(req.body);
    const title = listTitle(body);
    const identifier = listIdentifier(body);
    const hexColor = optHexColor(body) ?? '';
    const description = optString(body, 'description') ?? '';
    const position = optNumber(body, 'position') ?? 0;
    const isFavorite = optBool(body, 'is_favorite') ?? false;
    if (auth.kind !== 'user') throw forbidden();
    if (isPseudoNamespace(nsId) || nsId < 0) throw apiError(3009);
    const { namespace } = await checkNamespace(db, auth, nsId, Right.ReadWrite);
    await assertIdentifierFree(db, identifier);
    const row = await db.transaction().execute(async (trx) => {
      const created = await insertList(trx, { title, description, identifier, hex_color: hexColor, namespace_id: nsId, position }, auth.userId, {
        favorite: isFavorite,
      });
      const json = await listJson(trx, auth, created);
      const subscribers = await trx
        .selectFrom('subscriptions')
        .select('user_id')
        .where('entity_type', '=', SUBSCRIPTION_ENTITY.namespace)
        .where('entity_id', '=', namespace.id)
        .execute();
      // Notifications carry the list as the creator sees it, minus per-user fields.
      const { subscription: _s, is_favorite: _f, ...payloadList } = json;
      const readers = await readersAmong(
        trx,
        created.id,
        subscribers.map((s) => s.user_id),
      );
      await notifyUsers(trx, readers, auth.userId, 'list.created', { doer: userJson(auth.user), list: payloadList });
      return created;
    });
    reply.code(201);
    maxRight(reply, Right.Admin);
    reply.header('etag', entityEtag(row));
    return listJson(db, auth, row);
  });

  app.post('/lists/:list', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { list: string }).list, 'list id');
    const body = bodyObject(req.body);
    if (id === FAVORITES_PSEUDO_LIST_ID) throw forbidden();
    if (id < 0) {
      // A saved filter's pseudo list: only its title, description and favourite mark can change here.
      const title = listTitle(body);
      const description = optString(body, 'description');
      const isFavorite = optBool(body, 'is_favorite');
      const filterId = filterIdOfList(id);
      const stored = await loadOwnFilter(db, auth, filterId);
      const asList = async (row: typeof stored) => {
        const json = await savedFilterResponse(db, auth, row);
        return filterAsListJson(row, json.owner, json.is_favorite);
      };
      const tagged = (row: typeof stored) => ({ id, updated: row.updated });
      await checkIfMatch(req, reply, 'filter', tagged(stored), () => asList(stored));
      const filter = await updateFilter(db, auth.userId, stored, { title, description, isFavorite }, isConditional(req));
      if (!filter) {
        const now = await loadOwnFilter(db, auth, filterId);
        throw changedMeanwhile(reply, 'filter', entityEtag(tagged(now)), await asList(now));
      }
      maxRight(reply, Right.Admin);
      reply.header('etag', entityEtag(tagged(filter)));
      return asList(filter);
    }
    const title = listTitle(body);
    const identifier = listIdentifier(body);
    const hexColor = optHexColor(body) ?? '';
    const description = optString(body, 'description');
    const position = optNumber(body, 'position') ?? 0;
    const isArchived = optBool(body, 'is_archived') ?? false;
    const isFavorite = optBool(body, 'is_favorite');
    const namespaceId = optInt(body, 'namespace_id') ?? 0;
    if (namespaceId === 0) throw apiError(3010);
    if (namespaceId < 0) throw apiError(3009);

    const { list, right } = await checkList(db, auth, id, Right.ReadWrite, { allowArchived: true });
    maxRight(reply, right);
    await checkIfMatch(req, reply, 'list', list, () => listJson(db, auth, list));
    const ns = await db.selectFrom('namespaces').select('is_archived').where('id', '=', list.namespace_id).executeTakeFirst();
    if (ns?.is_archived) throw apiError(5012);
    // An archived list is read only; the one change allowed is un-archiving it.
    if (list.is_archived && isArchived) throw apiError(3008);
    if (namespaceId !== list.namespace_id) await checkNamespace(db, auth, namespaceId, Right.ReadWrite);
    await assertIdentifierFree(db, identifier, id);

    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('lists')
        .set({
          title,
          identifier,
          hex_color: hexColor,
          namespace_id: namespaceId,
          position,
          is_archived: isArchived ? 1 : 0,
          // Absent keeps the description; an explicit "" clears it (the reference could not clear it).
          ...(description !== undefined ? { description } : {}),
          updated: nextUpdated(list.updated, nowIso()),
        })
        .where('id', '=', id)
        .$if(isConditional(req), (qb) => qb.where('updated', '=', list.updated))
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n)
        await staleWrite(
          reply,
          'list',
          () => trx.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
          (row) => listJson(trx, auth, row),
        );
      if (isFavorite !== undefined && auth.kind === 'user') await setListFavorite(trx, auth.userId, id, isFavorite);
    });
    const row = await db.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    reply.header('etag', entityEtag(row));
    return listJson(db, auth, row);
  });

  app.delete('/lists/:list', async (req) => {
    const auth = authOf(req);
    const id = idParam((req.params as { list: string }).list, 'list id');
    if (id === FAVORITES_PSEUDO_LIST_ID) throw forbidden();
    if (id < 0) {
      await loadOwnFilter(db, auth, filterIdOfList(id));
      await deleteFilter(db, filterIdOfList(id));
      return DELETED;
    }
    await checkList(db, auth, id, Right.Admin);
    await db.transaction().execute((trx) => deleteLists(trx, config, [id]));
    return DELETED;
  });

  app.get('/lists/:list/listusers', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { list: string }).list, 'list id');
    await checkList(db, auth, id, Right.Read);
    const ids = await listReaderIds(db, id);
    const match = searchMatcher((req.query as Record<string, unknown>).s);
    let users = await db.selectFrom('users').select(['id', 'name', 'username', 'created', 'updated']).where('id', 'in', ids).orderBy('id').execute();
    if (match) users = users.filter((u) => match(-1, u.username, u.name));
    // Not paged (the client loads all candidates at once), but headers like every collection.
    setUnpagedHeaders(reply, users.length);
    return users.map(userJson);
  });

  app.put('/lists/:list/duplicate', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { list: string }).list, 'list id');
    const body = bodyObject(req.body);
    const namespaceId = optInt(body, 'namespace_id') ?? 0;
    if (namespaceId === 0) throw invalidData('namespace_id: non zero value required');
    if (auth.kind !== 'user') throw forbidden();
    if (id < 0) throw forbidden();
    if (namespaceId < 0) throw apiError(3009);
    const { list } = await checkList(db, auth, id, Right.Read);
    await checkNamespace(db, auth, namespaceId, Right.ReadWrite);
    const copy = await db.transaction().execute((trx) => duplicateList(trx, config, list, namespaceId, auth.userId));
    reply.code(201);
    // The copy is the caller's own list, as a created one is.
    maxRight(reply, Right.Admin);
    // The reference names the key after its Go field: literally "List".
    return { namespace_id: namespaceId, List: await listJson(db, auth, copy) };
  });
}
