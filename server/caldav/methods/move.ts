// MOVE of a task to another calendar (list).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../context.js';
import { type Target, parseTarget } from '../paths.js';
import { DavError, checkPreconditions } from '../davRequest.js';
import { authOfUser } from '../davAuth.js';
import { writableList } from '../calendars.js';
import { findTask, objectsOf, moveTask } from '../store.js';

/** MOVE of a task to another list (how clients move a to-do between calendars): the task keeps its history. */
export async function moveObject(db: Db, user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
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
