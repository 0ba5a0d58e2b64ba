// iCalendar (RFC 5545) reading and writing: content lines, folding, text escaping, dates and durations.

export interface IcalProperty {
  /** Upper-cased property name. */
  name: string;
  /** Parameter names upper-cased; values unquoted. */
  params: Record<string, string>;
  /** The raw value as written (TEXT values still escaped; use unescapeText). */
  value: string;
}

export interface IcalComponent {
  name: string;
  props: IcalProperty[];
  components: IcalComponent[];
}

export class IcalError extends Error {}

// ---- Text values ----

/** Escapes a TEXT value: backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

export function unescapeText(s: string): string {
  return s.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Splits a multi-valued TEXT value (CATEGORIES) on unescaped commas, unescaping each part. */
export function splitTextList(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[i + 1];
      i++;
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map(unescapeText);
}

// ---- Content lines ----

const encoder = new TextEncoder();

/** Folds a content line so no physical line exceeds 75 octets, never splitting a UTF-8 sequence. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let cur = '';
  let curBytes = 0;
  // The first line holds 75 octets; continuation lines start with a space, leaving 74.
  let limit = 75;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (curBytes + n > limit) {
      parts.push(cur);
      cur = '';
      curBytes = 0;
      limit = 74;
    }
    cur += ch;
    curBytes += n;
  }
  parts.push(cur);
  return parts.join('\r\n ');
}

function quoteParam(v: string): string {
  // Quotes are not allowed inside parameter values at all; values with separators must be quoted.
  const clean = v.replace(/"/g, "'").replace(/[\r\n]/g, ' ');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

export function propertyLine(p: IcalProperty): string {
  const params = Object.entries(p.params)
    .map(([k, v]) => `;${k}=${quoteParam(v)}`)
    .join('');
  return foldLine(`${p.name}${params}:${p.value}`);
}

/** Serializes a component tree with CRLF line ends and folding. */
export function serializeIcal(c: IcalComponent): string {
  const lines: string[] = [];
  const walk = (comp: IcalComponent) => {
    lines.push(`BEGIN:${comp.name}`);
    for (const p of comp.props) lines.push(propertyLine(p));
    for (const sub of comp.components) walk(sub);
    lines.push(`END:${comp.name}`);
  };
  walk(c);
  return lines.join('\r\n') + '\r\n';
}

/** Parses one unfolded content line: NAME;PARAM=value;PARAM="quoted:value":VALUE. */
export function parseContentLine(line: string): IcalProperty {
  const m = /^([A-Za-z0-9-]+)/.exec(line);
  if (!m) throw new IcalError(`Invalid content line: ${line.slice(0, 40)}`);
  const name = m[1].toUpperCase();
  let i = m[1].length;
  const params: Record<string, string> = {};
  while (line[i] === ';') {
    i++;
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new IcalError(`Invalid parameter in: ${line.slice(0, 40)}`);
    const pname = line.slice(i, eq).toUpperCase();
    i = eq + 1;
    const values: string[] = [];
    for (;;) {
      if (line[i] === '"') {
        const end = line.indexOf('"', i + 1);
        if (end < 0) throw new IcalError(`Unterminated quoted parameter in: ${line.slice(0, 40)}`);
        values.push(line.slice(i + 1, end));
        i = end + 1;
      } else {
        let j = i;
        while (j < line.length && line[j] !== ';' && line[j] !== ':' && line[j] !== ',') j++;
        values.push(line.slice(i, j));
        i = j;
      }
      if (line[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    params[pname] = values.join(',');
  }
  if (line[i] !== ':') throw new IcalError(`Missing value in: ${line.slice(0, 40)}`);
  return { name, params, value: line.slice(i + 1) };
}

/** Parses an iCalendar stream into its top-level component (normally VCALENDAR). */
export function parseIcal(text: string): IcalComponent {
  const unfolded = text.replace(/^\uFEFF/, '').replace(/\r\n|\r/g, '\n').replace(/\n[ \t]/g, '');
  const stack: IcalComponent[] = [];
  let root: IcalComponent | null = null;
  for (const raw of unfolded.split('\n')) {
    if (raw.trim() === '') continue;
    const p = parseContentLine(raw);
    if (p.name === 'BEGIN') {
      const comp: IcalComponent = { name: p.value.trim().toUpperCase(), props: [], components: [] };
      if (stack.length) stack[stack.length - 1].components.push(comp);
      else if (root) throw new IcalError('More than one top-level component');
      else root = comp;
      stack.push(comp);
    } else if (p.name === 'END') {
      const comp = stack.pop();
      if (!comp || comp.name !== p.value.trim().toUpperCase()) throw new IcalError(`Unexpected END:${p.value}`);
    } else {
      if (!stack.length) throw new IcalError('Property outside a component');
      stack[stack.length - 1].props.push(p);
    }
  }
  if (stack.length) throw new IcalError(`Unclosed component ${stack[stack.length - 1].name}`);
  if (!root) throw new IcalError('No component found');
  return root;
}

export function prop(c: IcalComponent, name: string): IcalProperty | undefined {
  return c.props.find((p) => p.name === name);
}

export function props(c: IcalComponent, name: string): IcalProperty[] {
  return c.props.filter((p) => p.name === name);
}

// ---- Dates ----

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A UTC DATE-TIME value: YYYYMMDDTHHMMSSZ. */
export function formatUtc(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** A DATE value (YYYYMMDD) of the UTC day. */
export function formatDate(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}

function validZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Offset (ms) of a time zone from UTC at an instant. */
function zoneOffset(tz: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant of a wall-clock time in a zone (two passes settle DST transitions). */
function zonedToUtc(wall: number, tz: string): number {
  let t = wall - zoneOffset(tz, wall);
  t = wall - zoneOffset(tz, t);
  return t;
}

/**
 * Reads a DATE or DATE-TIME value into an ISO UTC string. UTC values end in Z; values with a TZID known to the
 * runtime are converted from that zone; floating times and DATE values are read in `fallbackZone` (the user's
 * zone), because a client sending them means "my local time". Unknown zones fall back the same way.
 */
export function parseDateValue(value: string, params: Record<string, string> = {}, fallbackZone = 'UTC'): string {
  const v = value.trim();
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(v);
  if (!m) throw new IcalError(`Invalid date value "${v}"`);
  const [, y, mo, d, h, mi, s, z] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  if (Number.isNaN(wall)) throw new IcalError(`Invalid date value "${v}"`);
  if (z) return new Date(wall).toISOString();
  const tzid = params.TZID?.replace(/^\//, '');
  const zone = tzid && validZone(tzid) ? tzid : validZone(fallbackZone) ? fallbackZone : 'UTC';
  return new Date(zone === 'UTC' ? wall : zonedToUtc(wall, zone)).toISOString();
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** A DURATION value in milliseconds (signed). */
export function parseDuration(value: string): number {
  const m = DURATION.exec(value.trim().toUpperCase());
  if (!m || value.trim().toUpperCase().replace(/^[+-]/, '') === 'P') throw new IcalError(`Invalid duration "${value}"`);
  const [, sign, w, d, h, mi, s] = m;
  const secs = Number(w ?? 0) * 604800 + Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(mi ?? 0) * 60 + Number(s ?? 0);
  return (sign === '-' ? -1 : 1) * secs * 1000;
}

export function formatDuration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let secs = Math.round(Math.abs(ms) / 1000);
  if (secs === 0) return 'PT0S';
  if (secs % 604800 === 0) return `${sign}P${secs / 604800}W`;
  const days = Math.floor(secs / 86400);
  secs -= days * 86400;
  const hours = Math.floor(secs / 3600);
  secs -= hours * 3600;
  const minutes = Math.floor(secs / 60);
  secs -= minutes * 60;
  let out = `${sign}P${days ? `${days}D` : ''}`;
  if (hours || minutes || secs) out += `T${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${secs ? `${secs}S` : ''}`;
  return out;
}
