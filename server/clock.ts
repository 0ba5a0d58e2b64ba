// Timestamps as the database stores them and as the wire shows them.

/** The zero date the v0.20 API sends for "not set". */
export const ZERO_DATE = '0001-01-01T00:00:00Z';

export function nowIso(): string {
  return new Date().toISOString();
}

/** Database value → wire value: null becomes the zero date. */
export function toWireDate(value: string | null | undefined): string {
  return value ? value : ZERO_DATE;
}

/**
 * Wire value → database value: null, empty and the zero date mean "not set"; anything else must parse.
 * Returns undefined when the value is not a valid date, so the caller can answer 2002.
 */
export function fromWireDate(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('0001-01-01')) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t) || t < MIN_DATE_MS || t > MAX_DATE_MS) return undefined;
  return new Date(t).toISOString();
}

/**
 * The dates a task may carry: four-digit years from 1000. Dates are stored as ISO text and compared as text,
 * which orders correctly only for four-digit years; year 0000 and earlier are typing slips, not plans.
 */
export const MIN_DATE_MS = Date.UTC(1000, 0, 1);
export const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
