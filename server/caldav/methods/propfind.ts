// PROPFIND: the properties of the root, principals, the calendar home, a calendar and its tasks (Depth 0 or 1).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../context.js';
import { type Target, DAV_PREFIX, principalHref, homeHref, calendarHref, objectHref } from '../paths.js';
import { DavError, xmlBody, depthOf, sendMultistatus } from '../davRequest.js';
import { authOfUser } from '../davAuth.js';
import { readObject, calendarInfo, homeCalendars } from '../calendars.js';
import { listObjects } from '../store.js';
import { NS } from '../xml.js';
import { propRequest, response, rootProps, principalProps, homeProps, calendarProps, objectProps, objectExtra } from '../props.js';

export async function propfind(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
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
