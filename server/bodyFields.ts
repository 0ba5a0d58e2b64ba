// Typed reads of JSON request bodies for routes that have no body schema yet (see validation.ts, the way to
// validate a body): a field of the wrong type is a 400/2002 naming the field, the first one found.
import { invalidData } from './errors.js';

export type Body = Record<string, unknown>;

/** The request body as an object (an absent body is empty; arrays and scalars are invalid). */
export function bodyObject(raw: unknown): Body {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidData('body: must be a JSON object');
  return raw as Body;
}

// null counts as "not sent", as in the reference (Go zero values).
export function optString(body: Body, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidData(`${key}: must be a string`);
  return v;
}

export function optBool(body: Body, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalidData(`${key}: must be a boolean`);
  return v;
}

/** Integer columns are 32-bit in PostgreSQL; a larger number is invalid input, not a database error. */
const MAX_INT = 2_147_483_647;

export function optInt(body: Body, key: string): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalidData(`${key}: must be an integer`);
  if (Math.abs(v) > MAX_INT) throw invalidData(`${key}: out of range`);
  return v;
}

export function optNumber(body: Body, key: string): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalidData(`${key}: must be a number`);
  return v;
}

/** A colour as stored: without '#', at most 6 characters (so '#rrggbb' is rejected, like the reference). */
export function optHexColor(body: Body, key = 'hex_color'): string | undefined {
  const v = optString(body, key);
  if (v !== undefined && v.length > 6) throw invalidData(`${key}: must be at most 6 characters, without '#'`);
  return v;
}

/** A title-like field: required, 1–max characters (runes). */
export function checkLength(value: string, key: string, max: number): void {
  if ([...value].length > max) throw invalidData(`${key}: must be at most ${max} characters`);
}
