// REPORT on a calendar: calendar-multiget, calendar-query and sync-collection (RFC 4791, RFC 6578).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../context.js';
import { type Target, parseTarget, objectHref } from '../paths.js';
import { DavError, xmlBody, sendMultistatus } from '../davRequest.js';
import { authOfUser } from '../davAuth.js';
import { calendarInfo } from '../calendars.js';
import { findTask, objectsOf, listObjects } from '../store.js';
import { NS, child, children, element, escapeXml, multistatus, davError } from '../xml.js';
import { propRequest, response, objectProps, objectExtra, notFoundResponse } from '../props.js';
import { parseIcal } from '../ical.js';
import { changedSince, parseSyncToken, tokenPruned } from '../sync.js';
import { compFilterMatches } from '../filter.js';

export async function report(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
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
