// calendar-query filters (RFC 4791 §9.7) evaluated against parsed calendar objects.
import { child, children, NS, type XmlElement } from './xml.js';
import { parseDateValue, prop, unescapeText, type IcalComponent } from './ical.js';

function instant(c: IcalComponent, name: string): number | null {
  const p = prop(c, name);
  if (!p || !p.value.trim()) return null;
  try {
    return Date.parse(parseDateValue(p.value, p.params));
  } catch {
    return null;
  }
}

function rangeBound(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  try {
    return Date.parse(parseDateValue(value));
  } catch {
    return fallback;
  }
}

/** Whether a VTODO overlaps a time range, by the table of RFC 4791 §9.9 (DURATION is never written here). */
function todoOverlaps(todo: IcalComponent, start: number, end: number): boolean {
  const dtstart = instant(todo, 'DTSTART');
  const due = instant(todo, 'DUE');
  const completed = instant(todo, 'COMPLETED');
  const created = instant(todo, 'CREATED');
  if (dtstart !== null && due !== null) return (start <= dtstart || start < due) && (end > dtstart || end >= due);
  if (dtstart !== null) return start <= dtstart && end > dtstart;
  if (due !== null) return start < due && end >= due;
  if (completed !== null && created !== null) return (start <= created || start <= completed) && (end >= created || end >= completed);
  if (completed !== null) return start <= completed && end >= completed;
  if (created !== null) return end > created;
  return true;
}

function textMatches(f: XmlElement, value: string): boolean {
  const needle = f.text;
  const collation = f.attrs.collation ?? 'i;ascii-casemap';
  const hit = collation === 'i;octet' ? value.includes(needle) : value.toLowerCase().includes(needle.toLowerCase());
  return f.attrs['negate-condition'] === 'yes' ? !hit : hit;
}

function propFilterMatches(f: XmlElement, comp: IcalComponent): boolean {
  const name = (f.attrs.name ?? '').toUpperCase();
  const found = comp.props.filter((p) => p.name === name);
  if (child(f, NS.caldav, 'is-not-defined')) return found.length === 0;
  if (found.length === 0) return false;
  const tm = child(f, NS.caldav, 'text-match');
  // time-range and param-filter on properties are accepted without narrowing: clients use them to pre-filter only.
  if (tm) return found.some((p) => textMatches(tm, unescapeText(p.value)));
  return true;
}

/** Whether any of `comps` satisfies a comp-filter (is-not-defined, time-range, prop-filters, nested comp-filters). */
export function compFilterMatches(f: XmlElement, comps: IcalComponent[]): boolean {
  const name = (f.attrs.name ?? '').toUpperCase();
  const found = comps.filter((c) => c.name === name);
  if (child(f, NS.caldav, 'is-not-defined')) return found.length === 0;
  const range = child(f, NS.caldav, 'time-range');
  return found.some((c) => {
    if (range && c.name === 'VTODO') {
      const start = rangeBound(range.attrs.start, -Infinity);
      const end = rangeBound(range.attrs.end, Infinity);
      if (!todoOverlaps(c, start, end)) return false;
    }
    if (!children(f, NS.caldav, 'prop-filter').every((pf) => propFilterMatches(pf, c))) return false;
    return children(f, NS.caldav, 'comp-filter').every((cf) => compFilterMatches(cf, c.components));
  });
}
