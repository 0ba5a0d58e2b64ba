// GET and HEAD: a task as iCalendar, with its ETag; collections answer a short note.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../context.js';
import type { Target } from '../paths.js';
import { DavError } from '../davRequest.js';
import { authOfUser } from '../davAuth.js';
import { readObject } from '../calendars.js';
import { ICS_TYPE } from '../props.js';

export async function getObject(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
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
