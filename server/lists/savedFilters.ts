// Saved filters: loading with the owner-only rule, validating bodies, and writing them (API-NOTES §12).
import type { Db } from '../db/database.js';
import type { Auth } from '../context.js';
import { apiError, forbidden, invalidData } from '../errors.js';
import { Type } from '@sinclair/typebox';
import { Body, type Static } from '../validation.js';
import { nowIso } from '../clock.js';
import { nextUpdated } from '../etag.js';
import { callerJson, favoriteListIds, listIdOfFilter, savedFilterJson, type SavedFilterJson, type SavedFilterRow } from './serialize.js';
import { setListFavorite } from './create.js';
import { queryFromSavedFilter, validateTaskQuery } from '../tasks/collection.js';

const ARRAY_KEYS = ['sort_by', 'order_by', 'filter_by', 'filter_value', 'filter_comparator'] as const;

/** Link shares have no saved filters (11002); a filter is the owner's alone (11001 missing, 403 otherwise). */
export async function loadOwnFilter(db: Db, auth: Auth, filterId: number): Promise<SavedFilterRow> {
  if (auth.kind !== 'user') throw apiError(11002);
  const row = await db.selectFrom('saved_filters').selectAll().where('id', '=', filterId).executeTakeFirst();
  if (!row) throw apiError(11001);
  if (row.owner_id !== auth.userId) throw forbidden();
  return row;
}

/** A parallel list of the task collection (sort_by, filter_value, …): one value or a list of scalar values. */
const FilterValues = Type.Optional(
  Type.Unsafe<string | number | boolean | (string | number | boolean)[] | null>({
    type: ['array', 'string', 'number', 'boolean', 'null'],
    items: { type: ['string', 'number', 'boolean'] },
    maxItems: 1000,
  }),
);

/** The body of PUT and POST /filters(/:id). */
export const SavedFilterBody = Body.object({
  title: Body.string({ maxLength: 250 }),
  description: Body.string(),
  is_favorite: Body.bool(),
  filters: Type.Optional(
    Type.Unsafe<Record<string, unknown> | null>({
      type: ['object', 'null'],
      properties: {
        ...Object.fromEntries(ARRAY_KEYS.map((k) => [k, FilterValues])),
        filter_concat: Body.string(),
        filter_include_nulls: Body.bool(),
      },
    }),
  ),
});
export type SavedFilterInput = Static<typeof SavedFilterBody>;

/** The `filters` object (its types checked by SavedFilterBody) normalised to the keys of the v0.20 task collection. */
export function parseFilters(value: SavedFilterInput['filters']): Record<string, unknown> {
  if (value === undefined || value === null) throw invalidData('filters: non zero value required');
  const out: Record<string, unknown> = {};
  for (const key of ARRAY_KEYS) {
    const v = value[key];
    if (v === undefined || v === null) continue;
    out[key] = (Array.isArray(v) ? v : [v]).map((x) => String(x));
  }
  if (typeof value.filter_concat === 'string') out.filter_concat = value.filter_concat;
  if (typeof value.filter_include_nulls === 'boolean') out.filter_include_nulls = value.filter_include_nulls;
  validateTaskQuery(queryFromSavedFilter(out));
  return out;
}

export function filterTitle(body: SavedFilterInput): string {
  const title = body.title ?? '';
  if (title.trim() === '') throw invalidData('title: non zero value required');
  return title;
}

export async function savedFilterResponse(db: Db, auth: Auth, row: SavedFilterRow): Promise<SavedFilterJson> {
  const favorites = await favoriteListIds(db, auth, [listIdOfFilter(row.id)]);
  return savedFilterJson(row, callerJson(auth), favorites.has(listIdOfFilter(row.id)));
}

/**
 * Writes the given fields of a filter and its favourite mark in one transaction; returns the re-read row. With
 * `conditional` (the request sent an If-Match naming a tag), the write lands only on the version `stored` was read
 * at, and null means the filter moved on between that read and this write (the caller answers the conflict).
 */
export async function updateFilter(
  db: Db,
  userId: number,
  stored: SavedFilterRow,
  changes: { title?: string; description?: string; filters?: Record<string, unknown>; isFavorite?: boolean },
  conditional = false,
): Promise<SavedFilterRow | null> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('saved_filters')
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.filters !== undefined ? { filters: JSON.stringify(changes.filters) } : {}),
        // Always after the stored stamp, so two saves in one millisecond still get different ETags.
        updated: nextUpdated(stored.updated, nowIso()),
      })
      .where('id', '=', stored.id)
      .$if(conditional, (qb) => qb.where('updated', '=', stored.updated))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return null;
    if (changes.isFavorite !== undefined) await setListFavorite(trx, userId, listIdOfFilter(stored.id), changes.isFavorite);
    return trx.selectFrom('saved_filters').selectAll().where('id', '=', stored.id).executeTakeFirstOrThrow();
  });
}

export async function deleteFilter(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('favorites').where('kind', '=', 2).where('entity_id', '=', listIdOfFilter(id)).execute();
    await trx.deleteFrom('saved_filters').where('id', '=', id).execute();
  });
}

