// Notifications: GET /notifications (newest first) and POST /notifications/:id to mark read/unread.
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../db/schema.js';
import { authOf, idParam } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { Body, type Static } from '../validation.js';
import { paginate } from '../pagination.js';
import { Right, maxRight } from '../rights.js';
import { nowIso, toWireDate } from '../clock.js';

function notificationJson(n: Selectable<NotificationsTable>) {
  let payload: unknown = null;
  try {
    payload = JSON.parse(n.notification);
  } catch {
    // A payload that cannot be read is shown as empty rather than failing the whole list.
  }
  return { id: n.id, name: n.name, notification: payload, read_at: toWireDate(n.read_at), created: toWireDate(n.created) };
}

const ReadBody = Body.object({ read: Body.bool() });

export default async function notifications(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/notifications', async (req, reply) => {
    const auth = authOf(req);
    if (auth.kind !== 'user') throw forbidden();
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where('notifiable_id', '=', auth.userId)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const page = paginate(reply, req.query, rows);
    return page.length ? page.map(notificationJson) : null;
  });

  app.post<{ Body: Static<typeof ReadBody> }>('/notifications/:id', { schema: { body: ReadBody } }, async (req, reply) => {
    const auth = authOf(req);
    if (auth.kind !== 'user') throw forbidden();
    const id = idParam((req.params as { id: string }).id, 'notification id');
    const read = req.body.read ?? false;
    const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    if (row.notifiable_id !== auth.userId) throw forbidden();
    const readAt = read ? nowIso() : null;
    await db.updateTable('notifications').set({ read_at: readAt }).where('id', '=', id).execute();
    // A notification is the caller's own.
    maxRight(reply, Right.Admin);
    return { ...notificationJson({ ...row, read_at: readAt }), read };
  });
}
