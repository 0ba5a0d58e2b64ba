// Namespaces: GET/PUT /namespaces, GET/POST/DELETE /namespaces/:ns, GET /namespaces/:ns/lists (API-NOTES §6).
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { apiError, forbidden } from '../errors.js';
import { Right, checkNamespace, maxRight, reachableNamespaces } from '../rights.js';
import { bodyObject, checkLength, optBool, optHexColor, optString } from '../bodyFields.js';
import { parsePaging, pageOf, searchMatcher, setPaginationHeaders, setUnpagedHeaders } from '../pagination.js';
import { nowIso } from '../clock.js';
import { checkIfMatch, entityEtag, isConditional, nextUpdated, staleWrite } from '../etag.js';
import { deleteNamespaces } from '../cascade.js';
import { callerJson, isPseudoNamespace, listsJson, namespacesJson, pseudoNamespaceJson, PSEUDO_NAMESPACE, type NamespaceJson } from '../lists/serialize.js';
import { favoriteLists, filterLists, pseudoNamespaceLists, sharedLists } from '../lists/pseudo.js';
import type { ListRow } from '../rights.js';

const DELETED = { message: 'Successfully deleted.' };
const isTrue = (v: unknown) => v === 'true' || v === '1';

function namespaceTitle(body: Record<string, unknown>): string {
  const title = optString(body, 'title') ?? '';
  if (title.trim() === '') throw apiError(5006);
  checkLength(title, 'title', 250);
  return title;
}

export default async function namespaces(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;

  app.get('/namespaces', async (req, reply) => {
    const auth = authOf(req);
    if (auth.kind !== 'user') throw apiError(1);
    const q = req.query as Record<string, unknown>;
    const withArchived = isTrue(q.is_archived);
    const namespacesOnly = isTrue(q.namespaces_only);
    const match = searchMatcher(q.s);
    const paging = parsePaging(q);

    const rights = await reachableNamespaces(db, auth);
    let rows = rights.size
      ? await db.selectFrom('namespaces').selectAll().where('id', 'in', [...rights.keys()]).orderBy('id').execute()
      : [];
    if (!withArchived) rows = rows.filter((n) => !n.is_archived);
    if (match) rows = rows.filter((n) => match(n.id, n.title));
    const pageRows = pageOf(rows, paging);
    const real = await namespacesJson(db, auth, pageRows);

    if (!namespacesOnly && pageRows.length) {
      let lists: ListRow[] = await db
        .selectFrom('lists')
        .selectAll()
        .where('namespace_id', 'in', pageRows.map((n) => n.id))
        .orderBy('position')
        .orderBy('id')
        .execute();
      if (!withArchived) lists = lists.filter((l) => !l.is_archived);
      const json = await listsJson(db, auth, lists);
      for (const ns of real) ns.lists = json.filter((l) => l.namespace_id === ns.id);
    }

    // Pseudo namespaces come first (their ids are negative) and only with the first page of an unfiltered read.
    const pseudo: NamespaceJson[] = [];
    if (!match && paging.page <= 1) {
      const owner = callerJson(auth);
      const filters = await filterLists(db, auth);
      if (filters.length) pseudo.push({ ...pseudoNamespaceJson(PSEUDO_NAMESPACE.savedFilters, owner), lists: filters });
      const favorites = await favoriteLists(db, auth, withArchived);
      if (favorites.length) pseudo.push({ ...pseudoNamespaceJson(PSEUDO_NAMESPACE.favorites, owner), lists: favorites });
      const shared = await sharedLists(db, auth, withArchived);
      if (shared.length) pseudo.push({ ...pseudoNamespaceJson(PSEUDO_NAMESPACE.sharedLists, owner), lists: shared });
      if (namespacesOnly) for (const p of pseudo) p.lists = null;
    }
    if (namespacesOnly) for (const ns of real) ns.lists = null;
    else for (const ns of real) ns.lists ??= [];

    const all = [...pseudo, ...real];
    setPaginationHeaders(reply, Math.max(rows.length, all.length), paging, all.length);
    return all.length ? all : null;
  });

  app.put('/namespaces', async (req, reply) => {
    const auth = authOf(req);
    if (auth.kind !== 'user') throw forbidden();
    const body = bodyObject(req.body);
    const title = namespaceTitle(body);
    const description = optString(body, 'description') ?? '';
    const hexColor = optHexColor(body) ?? '';
    const now = nowIso();
    const row = await db
      .insertInto('namespaces')
      .values({ title, description, owner_id: auth.userId, hex_color: hexColor, is_archived: 0, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    reply.code(201);
    maxRight(reply, Right.Admin);
    reply.header('etag', entityEtag(row));
    return (await namespacesJson(db, auth, [row]))[0];
  });

  app.get('/namespaces/:ns', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { ns: string }).ns, 'namespace id');
    if (auth.kind === 'user' && isPseudoNamespace(id)) {
      maxRight(reply, Right.Read);
      return pseudoNamespaceJson(id, callerJson(auth));
    }
    const { namespace, right } = await checkNamespace(db, auth, id, Right.Read);
    // The reference always sent 0 to non-owners; the real right lets admins of shared namespaces manage shares.
    maxRight(reply, right);
    reply.header('etag', entityEtag(namespace));
    return (await namespacesJson(db, auth, [namespace]))[0];
  });

  app.get('/namespaces/:ns/lists', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { ns: string }).ns, 'namespace id');
    let lists;
    if (auth.kind === 'user' && isPseudoNamespace(id)) {
      lists = await pseudoNamespaceLists(db, auth, id, false);
    } else {
      await checkNamespace(db, auth, id, Right.Read);
      const rows = await db.selectFrom('lists').selectAll().where('namespace_id', '=', id).where('is_archived', '=', 0).orderBy('position').orderBy('id').execute();
      lists = await listsJson(db, auth, rows);
    }
    setUnpagedHeaders(reply, lists.length);
    return lists;
  });

  app.post('/namespaces/:ns', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { ns: string }).ns, 'namespace id');
    const body = bodyObject(req.body);
    const title = optString(body, 'title') ?? '';
    checkLength(title, 'title', 250);
    const description = optString(body, 'description');
    const hexColor = optHexColor(body) ?? '';
    const isArchived = optBool(body, 'is_archived') ?? false;
    if (isPseudoNamespace(id)) throw forbidden();
    const { namespace } = await checkNamespace(db, auth, id, Right.Admin, { allowArchived: true });
    const json = async (row: typeof namespace) => (await namespacesJson(db, auth, [row]))[0];
    await checkIfMatch(req, reply, 'namespace', namespace, () => json(namespace));
    // As in the reference, the empty title is the update's own error: a missing namespace is 5001 and a
    // caller without admin gets 403 before it, so 5006 tells nothing about namespaces one cannot edit.
    if (title.trim() === '') throw apiError(5006);
    // An archived namespace is read only; the one change allowed is un-archiving it.
    if (namespace.is_archived && isArchived) throw apiError(5012);
    const result = await db
      .updateTable('namespaces')
      .set({
        title,
        hex_color: hexColor,
        is_archived: isArchived ? 1 : 0,
        // Absent keeps the description; an explicit "" clears it (the reference could not clear it).
        ...(description !== undefined ? { description } : {}),
        updated: nextUpdated(namespace.updated, nowIso()),
      })
      .where('id', '=', id)
      .$if(isConditional(req), (qb) => qb.where('updated', '=', namespace.updated))
      .executeTakeFirst();
    const load = () => db.selectFrom('namespaces').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    maxRight(reply, Right.Admin);
    if (result.numUpdatedRows === 0n) await staleWrite(reply, 'namespace', load, json);
    const row = await load();
    reply.header('etag', entityEtag(row));
    return json(row);
  });

  app.delete('/namespaces/:ns', async (req) => {
    const auth = authOf(req);
    const id = idParam((req.params as { ns: string }).ns, 'namespace id');
    if (isPseudoNamespace(id)) throw forbidden();
    await checkNamespace(db, auth, id, Right.Admin, { allowArchived: true });
    await db.transaction().execute((trx) => deleteNamespaces(trx, config, [id]));
    return DELETED;
  });
}
