// PUT of a VTODO: updates the task with that uid in the list, or creates it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../context.js';
import type { Target } from '../paths.js';
import { DavError, checkPreconditions, bodyText } from '../davRequest.js';
import { authOfUser } from '../davAuth.js';
import { writableList } from '../calendars.js';
import { findTask, objectsOf, createFromVtodo, updateFromVtodo } from '../store.js';
import { NS, davError } from '../xml.js';
import { IcalError } from '../ical.js';
import { parseVtodo, NotATodoError } from '../vtodo.js';

export async function putObject(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
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
