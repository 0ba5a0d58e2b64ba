// Key case conversion between the API (snake_case) and the app (camelCase), and the API's date rule.

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Keys whose values are dates: created/updated and anything named …At, …Date or …Dates. */
const DATE_KEY = /^(created|updated|[a-z][A-Za-z]*(At|Date|Dates))$/;

/** A date stays a date; a string becomes one unless it is the `0001…` zero date; anything else is null. */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || value === '' || value.startsWith('0001')) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Converted keys and whether they hold dates: an API has few distinct keys, and a 10,000-task response repeats them all. */
const keyInfo = new Map<string, { key: string; isDate: boolean }>();
function infoOf(rawKey: string): { key: string; isDate: boolean } {
  let info = keyInfo.get(rawKey);
  if (!info) {
    const key = snakeToCamel(rawKey);
    info = { key, isDate: DATE_KEY.test(key) };
    // Bounded, in case some response uses data as keys (a map by id).
    if (keyInfo.size < 2000) keyInfo.set(rawKey, info);
  }
  return info;
}

/** Parses a response body: JSON when it is JSON, else the text as it is (a plain-text error from a proxy). */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Converts a response body: camelCase keys, dates parsed, null or undefined values dropped from objects. */
export function fromApi<T = unknown>(value: unknown): T {
  if (Array.isArray(value)) return value.map((v) => fromApi(v)) as T;
  if (!isPlainObject(value)) return value as T;
  const out: Record<string, unknown> = {};
  for (const rawKey in value) {
    const v = value[rawKey];
    // "__proto__" would replace the result's prototype when assigned; no API field has that name.
    if (v === null || v === undefined || rawKey === '__proto__') continue;
    const { key, isDate } = infoOf(rawKey);
    if (isDate) {
      out[key] = Array.isArray(v) ? v.map(parseDate).filter((d): d is Date => d !== null) : parseDate(v);
    } else {
      out[key] = typeof v === 'object' ? fromApi(v) : v;
    }
  }
  return out as T;
}

/** Converts a request body: snake_case keys, dates as RFC 3339; files and form data pass untouched. */
export function toApi(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toApi);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[camelToSnake(key)] = toApi(v);
  }
  return out;
}
