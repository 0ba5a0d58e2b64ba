import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { runDueJobs } from '../../server/jobs.js';
import { outbox } from '../../server/mail.js';
import { saveFile, readFileBytes } from '../../server/files.js';

const DAY = 24 * 3600 * 1000;

async function ins(app: FastifyInstance, table: string, values: Record<string, unknown>): Promise<number> {
  const now = new Date().toISOString();
  const row = await app.ctx.db
    .insertInto(table as 'namespaces')
    .values({ created: now, ...values } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('account deletion', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const scheduled = async (id: number) =>
    (await app.ctx.db.selectFrom('users').select('deletion_scheduled_at').where('id', '=', id).executeTakeFirstOrThrow()).deletion_scheduled_at;

  it('requests with the password, mails a link, confirms with the token, and cancels', async () => {
    let res = await call(app, 'POST', '/user/deletion/request', { token: u.token, body: { password: 'wrong' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1011);
    expect(outbox.filter((m) => m.to === u.email)).toHaveLength(0);

    res = await call(app, 'POST', '/user/deletion/request', { token: u.token, body: { password: u.password } });
    expect(res.statusCode).toBe(200);
    const mail = outbox.filter((m) => m.to === u.email).at(-1)!;
    const link = /\?accountDeletionConfirm=([A-Za-z0-9]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.text).toContain(`${app.ctx.config.publicUrl}?accountDeletionConfirm=`);
    const token = link![1];
    expect(await scheduled(u.id)).toBeNull();

    res = await call(app, 'POST', '/user/deletion/confirm', { token: u.token, body: { token: 'nope' } });
    expect(res.statusCode).toBe(412);
    res = await call(app, 'POST', '/user/deletion/confirm', { token: u.token, body: {} });
    expect(res.statusCode).toBe(412);
    // Somebody else's token does not schedule this account.
    const other = await makeUser(app);
    res = await call(app, 'POST', '/user/deletion/confirm', { token: other.token, body: { token } });
    expect(res.statusCode).toBe(412);
    expect(await scheduled(other.id)).toBeNull();

    const before = Date.now();
    res = await call(app, 'POST', '/user/deletion/confirm', { token: u.token, body: { token } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const at = Date.parse((await scheduled(u.id))!);
    expect(at).toBeGreaterThanOrEqual(before + 3 * DAY - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 3 * DAY);
    // The token is single-use.
    expect((await call(app, 'POST', '/user/deletion/confirm', { token: u.token, body: { token } })).statusCode).toBe(412);

    res = await call(app, 'POST', '/user/deletion/cancel', { token: u.token, body: { password: 'wrong' } });
    expect(res.json().code).toBe(1011);
    expect(await scheduled(u.id)).not.toBeNull();
    res = await call(app, 'POST', '/user/deletion/cancel', { token: u.token, body: { password: u.password } });
    expect(res.statusCode).toBe(204);
    expect(await scheduled(u.id)).toBeNull();
  });

  it('deletes a due account with its data, hands shared namespaces over, and mails a goodbye', async () => {
    const db = app.ctx.db;
    const gone = await makeUser(app);
    const friend = await makeUser(app);
    const bystander = await makeUser(app);

    // Private namespace: deleted with everything inside.
    const privNs = await ins(app, 'namespaces', { title: 'private', owner_id: gone.id, updated: '' });
    const privList = await ins(app, 'lists', { title: 'l', namespace_id: privNs, owner_id: gone.id, updated: '' });
    const privTask = await ins(app, 'tasks', { title: 't', list_id: privList, created_by_id: gone.id, updated: '' });
    const file = await saveFile(db, app.ctx.config, Buffer.from('x'), { name: 'a.txt', mime: 'text/plain', createdById: gone.id });
    await ins(app, 'task_attachments', { task_id: privTask, file_id: file.id, created_by_id: gone.id });
    // Shared namespace: survives, owned by the friend it was shared with.
    const sharedNs = await ins(app, 'namespaces', { title: 'shared', owner_id: gone.id, updated: '' });
    const sharedList = await ins(app, 'lists', { title: 'sl', namespace_id: sharedNs, owner_id: gone.id, updated: '' });
    await ins(app, 'users_namespaces', { user_id: friend.id, namespace_id: sharedNs, right: 1, updated: '' });
    // Friend's namespace where gone has access and an assignment.
    const friendNs = await ins(app, 'namespaces', { title: 'friend', owner_id: friend.id, updated: '' });
    const friendList = await ins(app, 'lists', { title: 'fl', namespace_id: friendNs, owner_id: gone.id, updated: '' });
    const friendTask = await ins(app, 'tasks', { title: 'ft', list_id: friendList, created_by_id: friend.id, updated: '' });
    await ins(app, 'users_namespaces', { user_id: gone.id, namespace_id: friendNs, right: 2, updated: '' });
    await ins(app, 'task_assignees', { task_id: friendTask, user_id: gone.id });
    // A label of gone's on the friend's task disappears; the task stays.
    const label = await ins(app, 'labels', { title: 'mine', created_by_id: gone.id, updated: '' });
    await ins(app, 'label_tasks', { task_id: friendTask, label_id: label });
    // Teams: one only gone is in (removed), one shared with the bystander (kept, bystander promoted).
    const soloTeam = await ins(app, 'teams', { name: 'solo', created_by_id: gone.id, updated: '' });
    await ins(app, 'team_members', { team_id: soloTeam, user_id: gone.id, admin: 1 });
    const sharedTeam = await ins(app, 'teams', { name: 'shared', created_by_id: gone.id, updated: '' });
    await ins(app, 'team_members', { team_id: sharedTeam, user_id: gone.id, admin: 1 });
    await ins(app, 'team_members', { team_id: sharedTeam, user_id: bystander.id, admin: 0 });
    // Per-user rows.
    await ins(app, 'totp', { user_id: gone.id, secret: 'S', enabled: 1, url: '' });
    await ins(app, 'user_tokens', { user_id: gone.id, token: 'tok', kind: 4 });
    await ins(app, 'notifications', { notifiable_id: gone.id, name: 'task.deleted', notification: '{}' });
    await ins(app, 'favorites', { user_id: gone.id, entity_id: friendTask, kind: 1 });
    await ins(app, 'subscriptions', { user_id: gone.id, entity_id: friendTask, entity_type: 3 });
    await ins(app, 'saved_filters', { title: 'f', owner_id: gone.id, filters: '{}', updated: '' });
    const avatar = await saveFile(db, app.ctx.config, Buffer.from('png'), { name: 'a.png', mime: 'image/png', createdById: gone.id });
    await db
      .updateTable('users')
      .set({ avatar_file_id: avatar.id, deletion_scheduled_at: new Date(Date.now() + 3 * DAY).toISOString() })
      .where('id', '=', gone.id)
      .execute();

    // Not due yet.
    expect((await runDueJobs(app.ctx, new Date(Date.now() + 2 * DAY))).deletedUsers).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('id', '=', gone.id).executeTakeFirst()).toBeDefined();

    const report = await runDueJobs(app.ctx, new Date(Date.now() + 3 * DAY + 60_000));
    expect(report.deletedUsers).toEqual([gone.id]);
    expect(await db.selectFrom('users').select('id').where('id', '=', gone.id).executeTakeFirst()).toBeUndefined();
    expect(outbox.filter((m) => m.to === gone.email).at(-1)?.subject).toMatch(/deleted/i);

    expect(await db.selectFrom('namespaces').select('id').where('id', '=', privNs).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('lists').select('id').where('id', '=', privList).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('tasks').select('id').where('id', '=', privTask).executeTakeFirst()).toBeUndefined();
    expect(await readFileBytes(app.ctx.config, file.id)).toBeNull();
    expect(await readFileBytes(app.ctx.config, avatar.id)).toBeNull();

    expect((await db.selectFrom('namespaces').select('owner_id').where('id', '=', sharedNs).executeTakeFirstOrThrow()).owner_id).toBe(friend.id);
    expect((await db.selectFrom('lists').select('owner_id').where('id', '=', sharedList).executeTakeFirstOrThrow()).owner_id).toBe(friend.id);
    expect(await db.selectFrom('users_namespaces').select('id').where('namespace_id', '=', sharedNs).execute()).toEqual([]);

    expect((await db.selectFrom('lists').select('owner_id').where('id', '=', friendList).executeTakeFirstOrThrow()).owner_id).toBe(friend.id);
    expect(await db.selectFrom('tasks').select('id').where('id', '=', friendTask).executeTakeFirst()).toBeDefined();
    expect(await db.selectFrom('labels').select('id').where('id', '=', label).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('label_tasks').select('id').where('label_id', '=', label).execute()).toEqual([]);

    expect(await db.selectFrom('teams').select('id').where('id', '=', soloTeam).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('team_members').select(['user_id', 'admin']).where('team_id', '=', sharedTeam).execute()).toEqual([
      { user_id: bystander.id, admin: 1 },
    ]);

    for (const [table, col] of [
      ['users_namespaces', 'user_id'],
      ['task_assignees', 'user_id'],
      ['totp', 'user_id'],
      ['user_tokens', 'user_id'],
      ['notifications', 'notifiable_id'],
      ['favorites', 'user_id'],
      ['subscriptions', 'user_id'],
      ['saved_filters', 'owner_id'],
      ['team_members', 'user_id'],
    ] as const) {
      const rows = await db
        .selectFrom(table as 'totp')
        .select('id')
        .where(col as 'user_id', '=', gone.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    // The deleted account's token no longer works.
    expect((await call(app, 'GET', '/user/settings/avatar', { token: gone.token })).statusCode).toBe(401);
  });

  it('does not exist when switched off', async () => {
    const off = await createTestServer({ userDeletionEnabled: false });
    const v = await makeUser(off);
    expect((await call(off, 'POST', '/user/deletion/request', { token: v.token, body: { password: v.password } })).statusCode).toBe(404);
    await off.close();
  });
});
