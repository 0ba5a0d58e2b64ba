// Saved filters: loading with the owner-only rule, validating bodies, and writing them (API-NOTES §12).
import type { Db } from '../db/database.js';
import type { Auth } from '../context.js';
import { apiError, forbidden, invalidData } from '../errors.js';
import { checkLength, optString, type Body } from '../bodyFields.js';
import { nowIso } from '../clock.js';
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

/** The `filters` object normalised to the keys of the v0.20 task collection; wrong types are 2002. */
export function parseFilters(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) throw invalidData('filters: non zero value required');
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidData('filters: must be an object');
  const raw = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of ARRAY_KEYS) {
    const v = raw[key];
    if (v === undefined || v === null) continue;
    const items = Array.isArray(v) ? v : [v];
    if (!items.every((x) => ['string', 'number', 'boolean'].includes(typeof x))) throw invalidData(`filters.${key}: must be a list of values`);
    out[key] = items.map((x) => String(x));
  }
  if (raw.filter_concat !== undefined && raw.filter_concat !== null) {
    if (typeof raw.filter_concat !== 'string') throw invalidData('filters.filter_concat: must be a string');
    out.filter_concat = raw.filter_concat;
  }
  if (raw.filter_include_nulls !== undefined && raw.filter_include_nulls !== null) {
    if (typeof raw.filter_include_nulls !== 'boolean') throw invalidData('filters.filter_include_nulls: must be a boolean');
    out.filter_include_nulls = raw.filter_include_nulls;
  }
  validateTaskQuery(queryFromSavedFilter(out));
  return out;
}

export function filterTitle(body: Body): string {
  const title = optString(body, 'title') ?? '';
  if (title.trim() === '') throw invalidData('title: non zero value required');
  checkLength(title, 'title', 250);
  return title;
}

export async function savedFilterResponse(db: Db, auth: Auth, row: SavedFilterRow): Promise<SavedFilterJson> {
  const favorites = await favoriteListIds(db, auth, [listIdOfFilter(row.id)]);
  return savedFilterJson(row, callerJson(auth), favorites.has(listIdOfFilter(row.id)));
}

/** Writes the given fields of a filter and its favourite mark in one transaction; returns the re-read row. */
export async function updateFilter(
  db: Db,
  userId: number,
  id: number,
  changes: { title?: string; description?: string; filters?: Record<string, unknown>; isFavorite?: boolean },
): Promise<SavedFilterRow> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('saved_filters')
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.filters !== undefined ? { filters: JSON.stringify(changes.filters) } : {}),
        updated: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (changes.isFavorite !== undefined) await setListFavorite(trx, userId, listIdOfFilter(id), changes.isFavorite);
    return trx.selectFrom('saved_filters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

export async function deleteFilter(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('favorites').where('kind', '=', 2).where('entity_id', '=', listIdOfFilter(id)).execute();
    await trx.deleteFrom('saved_filters').where('id', '=', id).execute();
  });
}

