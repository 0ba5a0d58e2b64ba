// Parses the date values filters accept: date math (`now`, `now+7d`, `now/d`), RFC 3339 and the client's short forms.

function addUnit(d: Date, n: number, unit: string): Date {
  const r = new Date(d.getTime());
  switch (unit) {
    case 's': r.setUTCSeconds(r.getUTCSeconds() + n); break;
    case 'm': r.setUTCMinutes(r.getUTCMinutes() + n); break;
    case 'h': r.setUTCHours(r.getUTCHours() + n); break;
    case 'd': r.setUTCDate(r.getUTCDate() + n); break;
    case 'w': r.setUTCDate(r.getUTCDate() + 7 * n); break;
    case 'M': r.setUTCMonth(r.getUTCMonth() + n); break;
    case 'y': r.setUTCFullYear(r.getUTCFullYear() + n); break;
  }
  return r;
}

/** Rounds down to the start of the unit (weeks start on Monday, as in Elasticsearch). */
function roundDown(d: Date, unit: string): Date {
  const r = new Date(d.getTime());
  switch (unit) {
    case 'y': r.setUTCMonth(0, 1); r.setUTCHours(0, 0, 0, 0); break;
    case 'M': r.setUTCDate(1); r.setUTCHours(0, 0, 0, 0); break;
    case 'w': {
      const back = (r.getUTCDay() + 6) % 7;
      r.setUTCDate(r.getUTCDate() - back);
      r.setUTCHours(0, 0, 0, 0);
      break;
    }
    case 'd': r.setUTCHours(0, 0, 0, 0); break;
    case 'h': r.setUTCMinutes(0, 0, 0); break;
    case 'm': r.setUTCSeconds(0, 0); break;
    case 's': r.setUTCMilliseconds(0); break;
  }
  return r;
}

/** `now` followed by any number of `+Nu`, `-Nu` and `/u` steps. */
function parseMath(expr: string, now: Date): Date | null {
  let rest = expr.slice(3);
  let d = new Date(now.getTime());
  while (rest.length > 0) {
    const m = /^([+-])(\d+)([smhdwMy])|^\/([smhdwMy])/.exec(rest);
    if (!m) return null;
    if (m[4]) d = roundDown(d, m[4]);
    else d = addUnit(d, (m[1] === '-' ? -1 : 1) * Number(m[2]), m[3]);
    rest = rest.slice(m[0].length);
  }
  return d;
}

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | null {
  const r = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Reject overflow such as 2024-02-31, which Date would silently roll into March.
  if (r.getUTCFullYear() !== y || r.getUTCMonth() !== mo - 1 || r.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return r;
}

/**
 * A filter date value as a Date, or null when it is none of the accepted forms.
 * Short forms without a zone are read as UTC so results do not depend on the machine's zone.
 */
export function parseFilterDate(raw: string, now: Date = new Date()): Date | null {
  const value = raw.trim();
  if (value === '') return null;
  // An unencoded '+' in a query string arrives as a space (`now 7d`).
  if (value.startsWith('now')) return parseMath(value.replace(/ /g, '+'), now);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) return utc(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (m) return utc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  // RFC 3339 with an explicit zone.
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const t = Date.parse(value.replace(' ', 'T'));
    return Number.isNaN(t) ? null : new Date(t);
  }
  return null;
}
