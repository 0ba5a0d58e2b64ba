// Saved filters: PUT /filters, GET/POST/DELETE /filters/:id (owner only; link shares get 11002). Answers carry an ETag;
// an update with a stale If-Match answers 412/4090 with the filter as it is now, like the other entities (etag.ts).
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { apiError } from '../errors.js';
import { Right, maxRight } from '../rights.js';
import { nowIso } from '../clock.js';
import { checkIfMatch, entityEtag, isConditional, staleWrite } from '../etag.js';
import { setListFavorite } from '../lists/create.js';
import { listIdOfFilter } from '../lists/serialize.js';
import { deleteFilter, filterTitle, loadOwnFilter, parseFilters, savedFilterResponse, updateFilter, SavedFilterBody, type SavedFilterInput } from '../lists/savedFilters.js';

export default async function filters(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.put<{ Body: SavedFilterInput }>('/filters', { schema: { body: SavedFilterBody } }, async (req, reply) => {
    const auth = authOf(req);
    const body = req.body;
    const title = filterTitle(body);
    const description = body.description ?? '';
    const parsed = parseFilters(body.filters);
    const isFavorite = body.is_favorite ?? false;
    // Validate, then rights (API-NOTES §2), as POST does: link shares get 11002 only for a valid body.
    if (auth.kind !== 'user') throw apiError(11002);
    const now = nowIso();
    const row = await db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('saved_filters')
        .values({ title, description, filters: JSON.stringify(parsed), owner_id: auth.userId, created: now, updated: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (isFavorite) await setListFavorite(trx, auth.userId, listIdOfFilter(r.id), true);
      return r;
    });
    reply.code(201);
    maxRight(reply, Right.Admin);
    reply.header('etag', entityEtag(row));
    return savedFilterResponse(db, auth, row);
  });

  app.get('/filters/:id', async (req, reply) => {
    const auth = authOf(req);
    const row = await loadOwnFilter(db, auth, idParam((req.params as { id: string }).id));
    maxRight(reply, Right.Admin);
    reply.header('etag', entityEtag(row));
    return savedFilterResponse(db, auth, row);
  });

  app.post<{ Body: SavedFilterInput }>('/filters/:id', { schema: { body: SavedFilterBody } }, async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { id: string }).id);
    const body = req.body;
    const title = filterTitle(body);
    const description = body.description ?? undefined;
    const parsed = parseFilters(body.filters);
    const isFavorite = body.is_favorite ?? undefined;
    const stored = await loadOwnFilter(db, auth, id);
    const json = (row: typeof stored) => savedFilterResponse(db, auth, row);
    await checkIfMatch(req, reply, 'filter', stored, () => json(stored));
    const row = await updateFilter(db, auth.userId, stored, { title, description, filters: parsed, isFavorite }, isConditional(req));
    if (!row) return staleWrite(reply, 'filter', () => loadOwnFilter(db, auth, id), json);
    maxRight(reply, Right.Admin);
    reply.header('etag', entityEtag(row));
    return json(row);
  });

  app.delete('/filters/:id', async (req) => {
    const auth = authOf(req);
    const id = idParam((req.params as { id: string }).id);
    await loadOwnFilter(db, auth, id);
    await deleteFilter(db, id);
    return { message: 'Successfully deleted.' };
  });
}
