// DELETE of a task object, as the API's task delete (cascade and notifications).
import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../context.js';
import type { Target } from '../paths.js';
import { DavError, checkPreconditions } from '../davRequest.js';
import { authOfUser } from '../davAuth.js';
import { writableList } from '../calendars.js';
import { findTask, objectsOf } from '../store.js';
import { taskSubscriberIds } from '../../subscriptions.js';
import { doerJson } from '../../tasks/save.js';
import { plainTaskJson } from '../../tasks/serialize.js';
import { deleteTasks } from '../../cascade.js';
import { notifyUsers } from '../../notify.js';

export async function deleteObject(db: Db, config: FastifyInstance['ctx']['config'], user: UserRow, target: Target, req: FastifyRequest, reply: FastifyReply) {
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
