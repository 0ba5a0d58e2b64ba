// Page/per_page parsing and the pagination headers of the v0.20 API (API-NOTES §2).
import type { FastifyReply } from 'fastify';
import { invalidData } from './errors.js';
import { queryValue } from './query.js';

export const MAX_PER_PAGE = 50;
/** Pages past this are refused (2002): the offset they ask for would be larger than any collection. */
export const MAX_PAGE = 1_000_000;

export interface Paging {
  /** 0 means "no limit" */
  page: number;
  perPage: number;
}

function nonNegativeInt(value: unknown, field: string): number | undefined {
  const s = queryValue(value);
  if (s === undefined || s === '') return undefined;
  if (!/^\d+$/.test(s)) throw invalidData(`${field}: must be a non-negative integer`);
  return Number(s);
}

/**
 * Reads `page` (default 1, 0 = everything) and `per_page` (absent or 0 = `defaultPerPage`, capped at 50) from a
 * query object: the one paging parser of every collection, whether it pages in SQL or in memory.
 */
export function parsePaging(query: unknown, defaultPerPage = MAX_PER_PAGE): Paging {
  const q = (query ?? {}) as Record<string, unknown>;
  const page = nonNegativeInt(q.page, 'page') ?? 1;
  if (page > MAX_PAGE) throw invalidData(`page: must be at most ${MAX_PAGE}`);
  const requested = nonNegativeInt(q.per_page, 'per_page') ?? 0;
  const perPage = Math.min(requested === 0 ? defaultPerPage : requested, MAX_PER_PAGE);
  return { page, perPage };
}

/** The SQL window of a page: no limit for page 0. */
export function sqlWindow(paging: Paging): { limit: number | null; offset: number } {
  if (paging.page === 0) return { limit: null, offset: 0 };
  return { limit: paging.perPage, offset: (paging.page - 1) * paging.perPage };
}

/** The slice of `items` the page asks for. */
export function pageOf<T>(items: T[], paging: Paging): T[] {
  if (paging.page === 0) return items;
  const start = (paging.page - 1) * paging.perPage;
  return items.slice(start, start + paging.perPage);
}

/** Sets x-pagination-total-pages / x-pagination-result-count; total pages is 0 when the page came back empty. */
export function setPaginationHeaders(reply: FastifyReply, total: number, paging: Paging, resultCount: number): void {
  let pages: number;
  if (resultCount === 0) pages = 0;
  else if (paging.page === 0) pages = 1;
  else pages = Math.ceil(total / paging.perPage);
  reply.header('x-pagination-total-pages', String(pages));
  reply.header('x-pagination-result-count', String(resultCount));
}

/** The headers of a collection that is always sent whole (one page of `count` items, or none). */
export function setUnpagedHeaders(reply: FastifyReply, count: number): void {
  setPaginationHeaders(reply, count, { page: 0, perPage: count || 1 }, count);
}

/** Slices `items` for the request's page and sets the headers: the whole collection routine in one call. */
export function paginate<T>(reply: FastifyReply, query: unknown, items: T[]): T[] {
  const paging = parsePaging(query);
  const page = pageOf(items, paging);
  setPaginationHeaders(reply, items.length, paging, page.length);
  return page;
}

/** `s` as the reference reads it: a comma list of ids, or a case-insensitive substring. */
export function searchMatcher(s: unknown): ((id: number, ...texts: string[]) => boolean) | null {
  if (typeof s !== 'string' || s.trim() === '') return null;
  const term = s.trim();
  if (/^\d+(\s*,\s*\d+)*$/.test(term)) {
    const ids = new Set(term.split(',').map((x) => Number(x.trim())));
    return (id) => ids.has(id);
  }
  const needle = term.toLowerCase();
  return (_id, ...texts) => texts.some((t) => t.toLowerCase().includes(needle));
}
