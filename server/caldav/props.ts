// WebDAV properties of each kind of CalDAV resource, and the multistatus <response> that reports them.
import type { UserRow } from '../context.js';
import type { ListRow, RightLevel } from '../rights.js';
import { child, element, escapeXml, NS, type XmlElement } from './xml.js';
import type { DavObject } from './store.js';
import { DAV_PREFIX, homeHref, principalHref } from './paths.js';

export const ICS_TYPE = 'text/calendar; charset=utf-8; component=VTODO';

/** Property values of one resource: `ns|name` → inner XML. */
export type Props = Map<string, string>;
export const key = (ns: string, name: string) => `${ns}|${name}`;
export const href = (h: string) => element(NS.dav, 'href', escapeXml(h));

function commonProps(user: UserRow): Props {
  return new Map([
    [key(NS.dav, 'current-user-principal'), href(principalHref(user))],
    [key(NS.dav, 'principal-collection-set'), href(`${DAV_PREFIX}/principals/`)],
  ]);
}

function privileges(write: boolean): string {
  const names = write ? ['read', 'write', 'write-content', 'write-properties', 'bind', 'unbind'] : ['read'];
  return names.map((n) => element(NS.dav, 'privilege', element(NS.dav, n))).join('');
}

export function rootProps(user: UserRow): Props {
  const p = commonProps(user);
  p.set(key(NS.dav, 'resourcetype'), element(NS.dav, 'collection'));
  p.set(key(NS.dav, 'displayname'), 'Keyflow');
  return p;
}

export function principalProps(user: UserRow): Props {
  const p = commonProps(user);
  p.set(key(NS.dav, 'resourcetype'), element(NS.dav, 'collection') + element(NS.dav, 'principal'));
  p.set(key(NS.dav, 'displayname'), escapeXml(user.name || user.username));
  p.set(key(NS.dav, 'principal-URL'), href(principalHref(user)));
  p.set(key(NS.caldav, 'calendar-home-set'), href(homeHref()));
  p.set(key(NS.caldav, 'calendar-user-address-set'), href(`mailto:${user.email}`) + href(principalHref(user)));
  return p;
}

export function homeProps(user: UserRow): Props {
  const p = commonProps(user);
  p.set(key(NS.dav, 'resourcetype'), element(NS.dav, 'collection'));
  p.set(key(NS.dav, 'displayname'), 'Lists');
  p.set(key(NS.dav, 'owner'), href(principalHref(user)));
  p.set(key(NS.dav, 'current-user-privilege-set'), privileges(false));
  return p;
}

export interface CalendarInfo {
  list: ListRow;
  right: RightLevel;
  writable: boolean;
  ctag: string;
  syncToken: string;
}

export function calendarProps(user: UserRow, c: CalendarInfo): Props {
  const p = commonProps(user);
  p.set(key(NS.dav, 'resourcetype'), element(NS.dav, 'collection') + element(NS.caldav, 'calendar'));
  p.set(key(NS.dav, 'displayname'), escapeXml(c.list.title));
  if (c.list.description) p.set(key(NS.caldav, 'calendar-description'), escapeXml(c.list.description));
  p.set(key(NS.caldav, 'supported-calendar-component-set'), `<cal:comp name="VTODO"/>`);
  p.set(key(NS.caldav, 'supported-calendar-data'), `<cal:calendar-data content-type="text/calendar" version="2.0"/>`);
  p.set(key(NS.cs, 'getctag'), c.ctag);
  // RFC 6578: the token a sync-collection report starts from; it changes whenever the calendar does.
  p.set(key(NS.dav, 'sync-token'), c.syncToken);
  if (/^[0-9a-fA-F]{6}$/.test(c.list.hex_color)) p.set(key(NS.apple, 'calendar-color'), `#${c.list.hex_color.toUpperCase()}`);
  p.set(
    key(NS.dav, 'supported-report-set'),
    [element(NS.caldav, 'calendar-query'), element(NS.caldav, 'calendar-multiget'), element(NS.dav, 'sync-collection')]
      .map((r) => element(NS.dav, 'supported-report', element(NS.dav, 'report', r)))
      .join(''),
  );
  // No DAV:owner: shared lists belong to other users, whose principals are not exposed here.
  p.set(key(NS.dav, 'current-user-privilege-set'), privileges(c.writable));
  return p;
}

export function objectProps(o: DavObject): Props {
  return new Map([
    [key(NS.dav, 'resourcetype'), ''],
    [key(NS.dav, 'getetag'), escapeXml(o.etag)],
    [key(NS.dav, 'getcontenttype'), ICS_TYPE],
    [key(NS.dav, 'getcontentlength'), String(Buffer.byteLength(o.ics))],
    [key(NS.dav, 'getlastmodified'), new Date(o.task.updated).toUTCString()],
  ]);
}

/** Which properties a PROPFIND or REPORT asks for: a list, or all (allprop / no body). */
export type PropRequest = { all: true } | { all: false; names: XmlElement[]; calendarData: boolean };

export function propRequest(container: XmlElement | undefined): PropRequest {
  const propEl = child(container, NS.dav, 'prop');
  if (!container || !propEl) return { all: true };
  return { all: false, names: propEl.children, calendarData: Boolean(child(propEl, NS.caldav, 'calendar-data')) };
}

export function response(h: string, props: Props, req: PropRequest, extra: Props = new Map()): string {
  const found: string[] = [];
  const missing: string[] = [];
  if (req.all) {
    for (const [k, v] of props) {
      const [ns, name] = k.split('|');
      found.push(element(ns, name, v));
    }
  } else {
    for (const n of req.names) {
      const v = extra.get(key(n.ns, n.name)) ?? props.get(key(n.ns, n.name));
      if (v === undefined) missing.push(element(n.ns, n.name));
      else found.push(element(n.ns, n.name, v));
    }
  }
  const propstat = (items: string[], status: string) =>
    items.length ? `<d:propstat><d:prop>${items.join('')}</d:prop><d:status>HTTP/1.1 ${status}</d:status></d:propstat>` : '';
  const stats = propstat(found, '200 OK') + propstat(missing, '404 Not Found');
  return `<d:response>${href(h)}${stats || '<d:propstat><d:prop/><d:status>HTTP/1.1 200 OK</d:status></d:propstat>'}</d:response>`;
}

export function notFoundResponse(h: string): string {
  return `<d:response>${href(h)}<d:status>HTTP/1.1 404 Not Found</d:status></d:response>`;
}

export function objectExtra(o: DavObject, req: PropRequest): Props {
  // CR as a character reference: XML parsers turn a literal CRLF into LF, and iCalendar wants CRLF line ends.
  return !req.all && req.calendarData ? new Map([[key(NS.caldav, 'calendar-data'), escapeXml(o.ics).replace(/\r/g, '&#13;')]]) : new Map();
}
