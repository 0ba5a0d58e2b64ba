// Reading query strings: one value of a key, or all values of a multi-value key.

/**
 * The value of a single-value key. A key sent more than once counts with its first value, as the reference
 * reads it (Go's url.Values.Get), so `?page=2&page=5` is page 2 on every route.
 */
export function queryValue(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.length ? String(v[0]) : undefined;
  return v === undefined || v === null ? undefined : String(v);
}

/** All values of a multi-value key, accepting both `x=` and `x[]=` (axios sends the latter). */
export function queryValues(query: Record<string, unknown>, key: string): string[] {
  const out: string[] = [];
  for (const k of [key, `${key}[]`]) {
    const v = query[k];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out.push(...v.map(String));
    else out.push(String(v));
  }
  return out;
}
