// The CalDAV endpoint under /dav: lists as calendars, tasks as VTODO objects, Basic auth with CalDAV tokens.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Auth, UserRow } from '../context.js';
import { ApiError } from '../errors.js';
import { RateLimiter } from '../rateLimit.js';
import { verifyPassword } from '../auth/password.js';
import { caldavTokenMatches, TOKEN_KIND_CALDAV } from '../routes/caldavTokens.js';
import { enabledTotpSecret } from '../routes/totp.js';
import type { Config } from '../config.js';
import { reachableLists, rightOnList, archivedState, Right, type RightLevel } from '../rights.js';
import { deleteTasks } from '../cascade.js';
import { notifyUsers } from '../notify.js';
import { taskSubscriberIds } from '../subscriptions.js';
import { doerJson } from '../tasks/save.js';
import { plainTaskJson } from '../tasks/serialize.js';
import type { ListRow } from '../rights.js';
import { parseXml, child, children, element, escapeXml, multistatus, davError, NS, XmlError, type XmlElement } from './xml.js';
import { IcalError, parseIcal } from './ical.js';
import { parseVtodo, NotATodoError } from './vtodo.js';
import { listObjects, objectsOf, findTask, listTags, createFromVtodo, updateFromVtodo, moveTask, type DavObject } from './store.js';
import { changedSince, parseSyncToken, syncTokens, tokenPruned } from './sync.js';
import { compFilterMatches } from './filter.js';

export const DAV_PREFIX = '/dav';
const REALM = 'Keyflow CalDAV';
const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCOL', 'MKCALENDAR', 'COPY', 'MOVE'] as const;
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, MOVE, PROPFIND, PROPPATCH, REPORT';
const ICS_TYPE = 'text/calendar; charset=utf-8; component=VTODO';

declare module 'fastify' {
  interface FastifyRequest {
    davUser?: UserRow;
  }
}

class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: string,
  ) {
    super(message);
  }
}

// ---- Authentication ----

/**
 * What a successful check depended on: the user's stored token hashes and password hash. While these are unchanged
 * the same credentials still verify, so a cached success needs no bcrypt; deleting a token or changing the password
 * changes the fingerprint and forces a fresh check at once.
 */
async function credentialFingerprint(db: Db, user: UserRow, totpOn: boolean): Promise<string> {
  const rows = await db.selectFrom('user_tokens').select('token').where('user_id', '=', user.id).where('kind', '=', TOKEN_KIND_CALDAV).orderBy('id').execute();
  return createHash('sha256')
    .update([user.issuer, user.password, totpOn ? 'totp' : '', ...rows.map((r) => r.token)].join('\n'))
    .digest('base64');
}

interface CachedAuth {
  userId: number;
  fingerprint: string;
  expires: number;
}

const AUTH_CACHE_MS = 10 * 60_000;
const AUTH_CACHE_MAX = 1000;

/**
 * HTTP Basic: the username with one of the user's CalDAV tokens, or (local accounts without two-factor) the account
 * password. With TOTP on, the password alone must not open what sign-in guards with a second factor, and Basic auth
 * has no room for a passcode: only CalDAV tokens work then.
 * Clients send the same header on every request of a sync, so successes are remembered by a hash of the header
 * (never the secret itself) to spare a bcrypt comparison per token on each request.
 */
async function basicAuth(db: Db, config: Config, cache: Map<string, CachedAuth>, header: string | undefined): Promise<UserRow | null> {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const username = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (!username || !secret) return null;
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  // Disabled accounts and ones still waiting for e-mail confirmation get no CalDAV access either.
  if (!user || user.status !== 0) return null;
  const cacheKey = createHash('sha256').update(m[1]).digest('base64');
  // As at sign-in: two-factor counts only while the server offers it.
  const totpOn = config.totpEnabled && (await enabledTotpSecret(db, user.id)) !== null;
  const fingerprint = await credentialFingerprint(db, user, totpOn);
  const hit = cache.get(cacheKey);
  if (hit && hit.userId === user.id && hit.fingerprint === fingerprint && hit.expires > Date.now()) return user;
  cache.delete(cacheKey);
  const ok =
    (await caldavTokenMatches(db, user.id, secret)) ||
    (user.issuer === 'local' && Boolean(user.password) && !totpOn && (await verifyPassword(secret, user.password)));
  if (!ok) return null;
  if (cache.size >= AUTH_CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(cacheKey, { userId: user.id, fingerprint, expires: Date.now() + AUTH_CACHE_MS });
  return user;
}

function authOfUser(user: UserRow): Auth {
  return { kind: 'user', userId: user.id, user, long: false };
}

// ---- Paths ----

type Target =
  | { kind: 'root' }
  | { kind: 'principals' }
  | { kind: 'principal'; username: string }
  | { kind: 'home' }
  | { kind: 'calendar'; listId: number }
  | { kind: 'object'; listId: number; uid: string }
  | { kind: 'none' };

function parseTarget(url: string): Target {
  const path = url.split('?')[0].slice(DAV_PREFIX.length);
  let segs: string[];
  try {
    segs = path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return { kind: 'none' };
  }
  if (segs.length === 0) return { kind: 'root' };
  if (segs[0] === 'principals' && segs.length === 1) return { kind: 'principals' };
  if (segs[0] === 'principals' && segs.length === 2) return { kind: 'principal', username: segs[1] };
  if (segs[0] !== 'lists') return { kind: 'none' };
  if (segs.length === 1) return { kind: 'home' };
  if (!/^\d+$/.test(segs[1])) return { kind: 'none' };
  const listId = Number(segs[1]);
  if (segs.length === 2) return { kind: 'calendar', listId };
  if (segs.length === 3 && segs[2].toLowerCase().endsWith('.ics') && segs[2].length > 4) return { kind: 'object', listId, uid: segs[2].slice(0, -4) };
  return { kind: 'none' };
}

const enc = (s: string) => encodeURIComponent(s);
const principalHref = (u: UserRow) => `${DAV_PREFIX}/principals/${enc(u.username)}/`;
const homeHref = () => `${DAV_PREFIX}/lists/`;
const calendarHref = (listId: number) => `${DAV_PREFIX}/lists/${listId}/`;
const objectHref = (listId: number, uid: string) => `${DAV_PREFIX}/lists/${listId}/${enc(uid)}.ics`;

// ---- Properties ----

/** Property values of one resource: `ns|name` → inner XML. */
type Props = Map<string, string>;
const key = (ns: string, name: string) => `${ns}|${name}`;
const href = (h: string) => element(NS.dav, 'href', escapeXml(h));

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

function rootProps(user: UserRow): Props {
  const p = commonProps(user);
  p.set(key(NS.dav, 'resourcetype'), element(NS.dav, 'collection'));
  p.set(key(NS.dav, 'displayname'), 'Keyflow');
  return p;
}

function principalProps(user: UserRow): Props {
  const p = commonProps(user);
  p.set(key(NS.dav, 'resourcetype'), element(NS.dav, 'collection') + element(NS.dav, 'principal'));
  p.set(key(NS.dav, 'displayname'), escapeXml(user.name || user.username));
  p.set(key(NS.dav, 'principal-URL'), href(principalHref(user)));
  p.set(key(NS.caldav, 'calendar-home-set'), href(homeHref()));
  p.set(key(NS.caldav, 'calendar-user-address-set'), href(`mailto:${user.email}`) + href(principalHref(user)));
  return p;
}

function homeProps(user: UserRow): Props {
  const p = commonProps(user);
  p.set(key(NS.dav, 'resourcetype'), element(NS.dav, 'collection'));
  p.set(key(NS.dav, 'displayname'), 'Lists');
  p.set(key(NS.dav, 'owner'), href(principalHref(user)));
  p.set(key(NS.dav, 'current-user-privilege-set'), privileges(false));
  return p;
}

interface CalendarInfo {
  list: ListRow;
  right: RightLevel;
  writable: boolean;
  ctag: string;
  syncToken: string;
}

function calendarProps(user: UserRow, c: CalendarInfo): Props {
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

function objectProps(o: DavObject): Props {
  return new Map([
    [key(NS.dav, 'resourcetype'), ''],
    [key(NS.dav, 'getetag'), escapeXml(o.etag)],
    [key(NS.dav, 'getcontenttype'), ICS_TYPE],
    [key(NS.dav, 'getcontentlength'), String(Buffer.byteLength(o.ics))],
    [key(NS.dav, 'getlastmodified'), new Date(o.task.updated).toUTCString()],
  ]);
}

/** Which properties a PROPFIND or REPORT asks for: a list, or all (allprop / no body). */
type PropRequest = { all: true } | { all: false; names: XmlElement[]; calendarData: boolean };

function propRequest(container: XmlElement | undefined): PropRequest {
  const propEl = child(container, NS.dav, 'prop');
  if (!container || !propEl) return { all: true };
  return { all: false, names: propEl.children, calendarData: Boolean(child(propEl, NS.caldav, 'calendar-data')) };
}

function response(h: string, props: Props, req: PropRequest, extra: Props = new Map()): string {
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

function notFoundResponse(h: string): string {
  return `<d:response>${href(h)}<d:status>HTTP/1.1 404 Not Found</d:status></d:response>`;
}

function objectExtra(o: DavObject, req: PropRequest): Props {
  // CR as a character reference: XML parsers turn a literal CRLF into LF, and iCalendar wants CRLF line ends.
  return !req.all && req.calendarData ? new Map([[key(NS.caldav, 'calendar-data'), escapeXml(o.ics).replace(/\r/g, '&#13;')]]) : new Map();
}

// ---- Calendars ----

async function calendarInfo(db: Db, auth: Auth, listId: number): Promise<CalendarInfo | null> {
  const list = await db.selectFrom('lists').selectAll().where('id', '=', listId).executeTakeFirst();
  if (!list) return null;
  const right = await rightOnList(db, auth, listId);
  if (right === null) return null;
  const archived = await archivedState(db, listId);
  const ctag = (await listTags(db, [list])).get(list.id) ?? '';
  const syncToken = (await syncTokens(db, [list])).get(list.id) ?? '';
  return { list, right, writable: right >= Right.ReadWrite && archived === null, ctag, syncToken };
}

/** One calendar per list the user reaches that is not archived (nor in an archived namespace). */
async function homeCalendars(db: Db, auth: Auth): Promise<CalendarInfo[]> {
  const rights = await reachableLists(db, auth);
  if (rights.size === 0) return [];
  const lists = await db
    .selectFrom('lists')
    .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
    .selectAll('lists')
    .where('lists.id', 'in', [...rights.keys()])
    .where('lists.is_archived', '=', 0)
    .where('namespaces.is_archived', '=', 0)
    .orderBy('lists.position')
    .orderBy('lists.id')
    .execute();
  const [tags, tokens] = await Promise.all([listTags(db, lists), syncTokens(db, lists)]);
  return lists.map((list) => {
    const right = rights.get(list.id) ?? Right.Read;
    return { list, right, writable: right >= Right.ReadWrite, ctag: tags.get(list.id) ?? '', syncToken: tokens.get(list.id) ?? '' };
  });
}

// ---- Request helpers ----

function bodyText(req: FastifyRequest): string {
  const b = req.body;
  if (typeof b === 'string') return b;
  if (Buffer.isBuffer(b)) return b.toString('utf8');
  return '';
}

function xmlBody(req: FastifyRequest): XmlElement | undefined {
  const text = bodyText(req).trim();
  if (!text) return undefined;
  try {
    return parseXml(text);
  } catch (err) {
    if (err instanceof XmlError) throw new DavError(400, `Malformed XML: ${err.message}`);
    throw err;
  }
}

function depthOf(req: FastifyRequest, fallback: '0' | '1'): '0' | '1' {
  const d = String(req.headers.depth ?? '').trim().toLowerCase();
  if (d === '0') return '0';
  // "infinity" is treated as 1: the tree below a calendar is one level deep anyway.
  if (d === '1' || d === 'infinity') return '1';
  return fallback;
}

function sendMultistatus(reply: FastifyReply, responses: string[]) {
  return reply.code(207).type('application/xml; charset=utf-8').send(multistatus(responses));
}

/** If-Match / If-None-Match against the current ETag (null when the resource does not exist). */
function checkPreconditions(req: FastifyRequest, etag: string | null): void {
  const ifMatch = req.headers['if-match'];
  const ifNoneMatch = req.headers['if-none-match'];
  const list = (h: string) => h.split(',').map((s) => s.trim().replace(/^W\//, ''));
  if (typeof ifMatch === 'string' && ifMatch.trim()) {
    const tags = list(ifMatch);
    if (etag === null || !(tags.includes('*') || tags.includes(etag))) throw new DavError(412, 'Precondition Failed');
  }
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.trim() && etag !== null) {
    const tags = list(ifNoneMatch);
    if (tags.includes('*') || tags.includes(etag)) throw new DavError(412, 'Precondition Failed');
  }
}

async function writableList(db: Db, auth: Auth, listId: number): Promise<ListRow> {
  const info = await calendarInfo(db, auth, listId);
  if (!info) throw new DavError(404, 'Not Found');
  if (!info.writable) throw new DavError(403, 'Forbidden', davError(NS.dav, 'need-privileges'));
  return info.list;
}

// ---- Handlers ----

async function propfind(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
  const body = xmlBody(req);
  if (body && !(body.ns === NS.dav && body.name === 'propfind')) throw new DavError(400, 'Expected a propfind body');
  const pr = propRequest(body);
  const auth = authOfUser(user);
  const depth = depthOf(req, '1');
  const out: string[] = [];
  switch (target.kind) {
    case 'root':
      out.push(response(`${DAV_PREFIX}/`, rootProps(user), pr));
      if (depth === '1') {
        out.push(response(principalHref(user), principalProps(user), pr));
        out.push(response(homeHref(), homeProps(user), pr));
      }
      break;
    case 'principals':
      // The collection of principals shows only the caller's own.
      out.push(response(`${DAV_PREFIX}/principals/`, rootProps(user), pr));
      if (depth === '1') out.push(response(principalHref(user), principalProps(user), pr));
      break;
    case 'principal':
      if (target.username !== user.username) throw new DavError(404, 'Not Found');
      out.push(response(principalHref(user), principalProps(user), pr));
      break;
    case 'home':
      out.push(response(homeHref(), homeProps(user), pr));
      if (depth === '1') for (const c of await homeCalendars(db, auth)) out.push(response(calendarHref(c.list.id), calendarProps(user, c), pr));
      break;
    case 'calendar': {
      const info = await calendarInfo(db, auth, target.listId);
      if (!info) throw new DavError(404, 'Not Found');
      out.push(response(calendarHref(info.list.id), calendarProps(user, info), pr));
      if (depth === '1') for (const o of await listObjects(db, info.list.id)) out.push(response(objectHref(info.list.id, o.uid), objectProps(o), pr, objectExtra(o, pr)));
      break;
    }
    case 'object': {
      const o = await readObject(db, auth, target.listId, target.uid);
      out.push(response(objectHref(target.listId, o.uid), objectProps(o), pr, objectExtra(o, pr)));
      break;
    }
    default:
      throw new DavError(404, 'Not Found');
  }
  return sendMultistatus(reply, out);
}

async function readObject(db: Db, auth: Auth, listId: number, uid: string): Promise<DavObject> {
  if ((await rightOnList(db, auth, listId)) === null) throw new DavError(404, 'Not Found');
  const task = await findTask(db, listId, uid);
  if (!task) throw new DavError(404, 'Not Found');
  const [o] = await objectsOf(db, [task]);
  return o;
}

async function report(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
  const body = xmlBody(req);
  if (!body) throw new DavError(400, 'A REPORT needs a body');
  if (target.kind !== 'calendar') throw new DavError(403, 'Forbidden', davError(NS.dav, 'supported-report'));
  const auth = authOfUser(user);
  const info = await calendarInfo(db, auth, target.listId);
  if (!info) throw new DavError(404, 'Not Found');
  const pr = propRequest(body);
  const listId = info.list.id;
  if (body.ns === NS.caldav && body.name === 'calendar-multiget') {
    const out: string[] = [];
    for (const h of children(body, NS.dav, 'href')) {
      const raw = h.text.trim();
      const t = parseTarget(new URL(raw, 'http://x').pathname);
      const task = t.kind === 'object' && t.listId === listId ? await findTask(db, listId, t.uid) : undefined;
      if (!task) {
        out.push(notFoundResponse(raw));
        continue;
      }
      const [o] = await objectsOf(db, [task]);
      out.push(response(objectHref(listId, o.uid), objectProps(o), pr, objectExtra(o, pr)));
    }
    return sendMultistatus(reply, out);
  }
  if (body.ns === NS.caldav && body.name === 'calendar-query') {
    const filter = child(body, NS.caldav, 'filter');
    const top = child(filter, NS.caldav, 'comp-filter');
    const objects = await listObjects(db, listId);
    const out: string[] = [];
    for (const o of objects) {
      if (top && !compFilterMatches(top, [parseIcal(o.ics)])) continue;
      out.push(response(objectHref(listId, o.uid), objectProps(o), pr, objectExtra(o, pr)));
    }
    return sendMultistatus(reply, out);
  }
  if (body.ns === NS.dav && body.name === 'sync-collection') {
    const level = child(body, NS.dav, 'sync-level')?.text.trim() ?? '1';
    if (level !== '1') throw new DavError(403, 'Forbidden', davError(NS.dav, 'number-of-matches-within-limits'));
    const given = child(body, NS.dav, 'sync-token')?.text.trim() ?? '';
    const out: string[] = [];
    if (given === '') {
      for (const o of await listObjects(db, listId)) out.push(response(objectHref(listId, o.uid), objectProps(o), pr, objectExtra(o, pr)));
    } else {
      const since = parseSyncToken(given, listId);
      if (since === null || (await tokenPruned(db, listId, since))) throw new DavError(403, 'Forbidden', davError(NS.dav, 'valid-sync-token'));
      const changed = await changedSince(db, listId, since);
      for (const o of changed.objects) out.push(response(objectHref(listId, o.uid), objectProps(o), pr, objectExtra(o, pr)));
      for (const uid of changed.gone) out.push(notFoundResponse(objectHref(listId, uid)));
    }
    return reply
      .code(207)
      .type('application/xml; charset=utf-8')
      .send(multistatus(out, element(NS.dav, 'sync-token', escapeXml(info.syncToken))));
  }
  throw new DavError(403, 'Forbidden', davError(NS.dav, 'supported-report'));
}

async function getObject(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
  if (target.kind !== 'object') {
    if (target.kind === 'none') throw new DavError(404, 'Not Found');
    // Collections have no content of their own; a short note helps someone opening the URL in a browser.
    return reply.code(200).type('text/plain; charset=utf-8').send('Keyflow CalDAV endpoint. Add this URL to a CalDAV client.\n');
  }
  const o = await readObject(db, authOfUser(user), target.listId, target.uid);
  reply.header('ETag', o.etag).header('Last-Modified', new Date(o.task.updated).toUTCString());
  const inm = req.headers['if-none-match'];
  if (typeof inm === 'string' && inm.split(',').map((s) => s.trim()).includes(o.etag)) return reply.code(304).send();
  return reply.code(200).type(ICS_TYPE).send(o.ics);
}

async function putObject(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
  if (target.kind !== 'object') throw new DavError(405, 'Method Not Allowed');
  const auth = authOfUser(user);
  const list = await writableList(db, auth, target.listId);
  let fields;
  try {
    fields = parseVtodo(bodyText(req), user.timezone || 'UTC');
  } catch (err) {
    if (err instanceof NotATodoError) throw new DavError(403, 'Only VTODO objects are supported', davError(NS.caldav, 'supported-calendar-component'));
    if (err instanceof IcalError) throw new DavError(400, `Invalid calendar data: ${err.message}`, davError(NS.caldav, 'valid-calendar-data'));
    throw err;
  }
  const created = await db.transaction().execute(async (trx) => {
    const existing = await findTask(trx, list.id, target.uid);
    const current = existing ? (await objectsOf(trx, [existing]))[0] : null;
    checkPreconditions(req, current?.etag ?? null);
    if (existing) {
      await updateFromVtodo(trx, auth, existing, fields);
      return false;
    }
    // The resource name is the task's uid; a body naming another uid already in this list would make two resources for one task.
    const uid = fields.uid ?? target.uid;
    if (uid !== target.uid && (await findTask(trx, list.id, uid))) throw new DavError(409, 'UID already in use', davError(NS.caldav, 'no-uid-conflict'));
    await createFromVtodo(trx, auth, list, target.uid, fields);
    return true;
  });
  // No ETag: the stored representation differs from what was sent, so clients must fetch it (RFC 4791 §5.3.4).
  return reply.code(created ? 201 : 204).send();
}

async function deleteObject(db: Db, config: FastifyInstance['ctx']['config'], user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
  if (target.kind !== 'object') throw new DavError(403, 'Lists cannot be deleted over CalDAV');
  const auth = authOfUser(user);
  const list = await writableList(db, auth, target.listId);
  const task = await findTask(db, list.id, target.uid);
  if (!task) throw new DavError(404, 'Not Found');
  const [o] = await objectsOf(db, [task]);
  checkPreconditions(req, o.etag);
  // As the API's delete: subscribers and the payload are read before the task is gone.
  const subscribers = await taskSubscriberIds(db, task.id);
  const payload = { doer: doerJson(auth), task: await plainTaskJson(db, task) };
  await db.transaction().execute((trx) => deleteTasks(trx, config, [task.id]));
  await notifyUsers(db, subscribers, auth.userId, 'task.deleted', payload);
  return reply.code(204).send();
}

/** MOVE of a task to another list (how clients move a to-do between calendars): the task keeps its history. */
async function moveObject(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
  if (target.kind !== 'object') throw new DavError(403, 'Only tasks can be moved');
  const destHeader = req.headers.destination;
  if (typeof destHeader !== 'string' || !destHeader) throw new DavError(400, 'Missing Destination');
  let destPath: string;
  try {
    destPath = new URL(destHeader, 'http://x').pathname;
  } catch {
    throw new DavError(400, 'Invalid Destination');
  }
  const dest = parseTarget(destPath);
  if (dest.kind !== 'object') throw new DavError(403, 'The destination must be a task in a list');
  const auth = authOfUser(user);
  const from = await writableList(db, auth, target.listId);
  const to = await writableList(db, auth, dest.listId);
  const task = await findTask(db, from.id, target.uid);
  if (!task) throw new DavError(404, 'Not Found');
  const [o] = await objectsOf(db, [task]);
  checkPreconditions(req, o.etag);
  if (from.id === to.id && dest.uid === target.uid) throw new DavError(403, 'Source and destination are the same');
  if (await findTask(db, to.id, dest.uid)) throw new DavError(412, 'The destination exists');
  await db.transaction().execute((trx) => moveTask(trx, auth, task, to.id, dest.uid));
  return reply.code(201).send();
}

/** PROPPATCH: nothing is writable over CalDAV (titles and colours are edited in Keyflow), so each property is refused. */
function proppatch(req: FastifyRequest, reply: FastifyReply) {
  const body = xmlBody(req);
  const names = body ? body.children.flatMap((op) => child(op, NS.dav, 'prop')?.children ?? []) : [];
  const props = names.map((n) => element(n.ns, n.name)).join('');
  const url = req.url.split('?')[0];
  return sendMultistatus(reply, [`<d:response>${href(url)}<d:propstat><d:prop>${props}</d:prop><d:status>HTTP/1.1 403 Forbidden</d:status></d:propstat></d:response>`]);
}

// ---- Plugin ----

async function caldavPlugin(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  for (const type of ['application/xml', 'text/xml', 'text/calendar', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  }
  // Some clients send WebDAV bodies without a content type at all, or with odd ones.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // Wrong credentials are counted per client address, like sign-in attempts, so tokens and passwords can't be
  // guessed at full speed; requests without credentials (the first probe of every client) don't count.
  const limit = Number.isFinite(config.rateLimit) && config.rateLimit > 0 ? Math.floor(config.rateLimit) : 0;
  const failures = limit ? new RateLimiter(limit) : null;
  const blockedUntil = new Map<string, number>();
  const authCache = new Map<string, CachedAuth>();

  app.addHook('onRequest', async (req, reply) => {
    reply.header('DAV', '1, 3, calendar-access');
    if (req.method === 'OPTIONS') return;
    const until = blockedUntil.get(req.ip);
    if (until !== undefined) {
      if (until > Date.now()) {
        reply.code(429).header('Retry-After', String(Math.ceil((until - Date.now()) / 1000))).type('text/plain').send('Too Many Requests');
        return reply;
      }
      blockedUntil.delete(req.ip);
    }
    const user = await basicAuth(db, config, authCache, req.headers.authorization);
    if (!user) {
      if (failures && req.headers.authorization) {
        const r = failures.hit(req.ip);
        if (!r.allowed) blockedUntil.set(req.ip, Date.now() + r.resetMs);
      }
      reply.code(401).header('WWW-Authenticate', `Basic realm="${REALM}", charset="UTF-8"`).type('text/plain').send('Unauthorized');
      return reply;
    }
    req.davUser = user;
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const target = parseTarget(req.url);
    try {
      if (req.method === 'OPTIONS') return reply.code(200).header('Allow', ALLOW).header('Content-Length', '0').send();
      const user = req.davUser;
      if (!user) throw new DavError(401, 'Unauthorized');
      switch (req.method) {
        case 'PROPFIND':
          return await propfind(db, user, target, req, reply);
        case 'REPORT':
          return await report(db, user, target, req, reply);
        case 'GET':
        case 'HEAD':
          return await getObject(db, user, target, req, reply);
        case 'PUT':
          return await putObject(db, user, target, req, reply);
        case 'DELETE':
          return await deleteObject(db, config, user, target, req, reply);
        case 'PROPPATCH':
          return proppatch(req, reply);
        case 'MOVE':
          return await moveObject(db, user, target, req, reply);
        default:
          // Lists are made in Keyflow, not by clients (MKCALENDAR, MKCOL); COPY has no use for tasks.
          throw new DavError(405, 'Method Not Allowed');
      }
    } catch (err) {
      if (err instanceof DavError) {
        if (err.status === 405) reply.header('Allow', ALLOW);
        if (err.body) return reply.code(err.status).type('application/xml; charset=utf-8').send(err.body);
        return reply.code(err.status).type('text/plain; charset=utf-8').send(err.message);
      }
      if (err instanceof ApiError) return reply.code(err.status).type('text/plain; charset=utf-8').send(err.message);
      throw err;
    }
  };

  const methods = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...DAV_METHODS];
  app.route({ method: methods, url: '/', handler });
  app.route({ method: methods, url: '/*', handler });
}

/** Registers /dav (and the /.well-known/caldav pointer to it) when CalDAV is enabled. */
export async function registerCaldav(app: FastifyInstance): Promise<void> {
  for (const m of DAV_METHODS) app.addHttpMethod(m, { hasBody: true });
  await app.register(caldavPlugin, { prefix: DAV_PREFIX });
  // RFC 6764 discovery: clients given only the host find the endpoint here.
  for (const method of ['GET', 'PROPFIND'] as const) {
    app.route({ method, url: '/.well-known/caldav', handler: (_req, reply) => reply.redirect(`${DAV_PREFIX}/`, 301) });
  }
}
