import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { signToken } from '../../server/auth/jwt.js';
import { nowIso } from '../../server/clock.js';

async function makeList(app: FastifyInstance, ownerId: number, opts: { archived?: boolean; namespaceArchived?: boolean } = {}): Promise<number> {
  const now = nowIso();
  const ns = await app.ctx.db
    .insertInto('namespaces')
    .values({ title: 'ns', description: '', owner_id: ownerId, hex_color: '', is_archived: opts.namespaceArchived ? 1 : 0, created: now, updated: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const list = await app.ctx.db
    .insertInto('lists')
    .values({
      title: 'list', description: '', identifier: '', hex_color: '', namespace_id: ns.id, owner_id: ownerId,
      is_archived: opts.archived ? 1 : 0, background_file_id: null, background_blur_hash: '', position: 0, created: now, updated: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return list.id;
}

async function linkShareToken(app: FastifyInstance, listId: number, sharedBy: number, name = 'visitors') {
  const now = nowIso();
  const share = await app.ctx.db
    .insertInto('link_shares')
    .values({ hash: `${name}${'x'.repeat(40)}`.slice(0, 40), name, list_id: listId, right: 0, sharing_type: 1, password: '', shared_by_id: sharedBy, created: now, updated: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await signToken(
    app.ctx.config.jwtSecret,
    { type: 2, id: share.id, hash: share.hash, list_id: listId, right: 0, sharedByID: sharedBy, isLocalUser: true },
    3600,
  );
  return { share, token };
}

const SETTINGS = {
  name: 'Ada Lovelace',
  email_reminders_enabled: false,
  discoverable_by_name: true,
  discoverable_by_email: true,
  overdue_tasks_reminders_enabled: false,
  overdue_tasks_reminders_time: '18:30',
  default_list_id: 0,
  week_start: 1,
  language: 'de-DE',
  timezone: 'Europe/Berlin',
};

describe('GET /user', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app, 'meself');
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the user with own e-mail, all settings, deletion date and local flag', async () => {
    const res = await call(app, 'GET', '/user', { token: u.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: u.id, username: 'meself', name: '', email: u.email, deletion_scheduled_at: '0001-01-01T00:00:00Z', is_local_user: true });
    expect(Object.keys(body.settings).sort()).toEqual(
      [
        'default_list_id', 'discoverable_by_email', 'discoverable_by_name', 'email_reminders_enabled', 'frontend_settings', 'language',
        'name', 'overdue_tasks_reminders_enabled', 'overdue_tasks_reminders_time', 'timezone', 'week_start',
      ].sort(),
    );
    expect(body.settings).toMatchObject({
      email_reminders_enabled: true,
      discoverable_by_name: false,
      discoverable_by_email: false,
      overdue_tasks_reminders_enabled: true,
      overdue_tasks_reminders_time: '9:00',
      default_list_id: 0,
      week_start: 0,
      frontend_settings: {},
    });
    expect(typeof body.settings.timezone).toBe('string');
    expect(body.settings.timezone).not.toBe('');
    expect(res.body).not.toContain('password');
  });

  it('reports a scheduled deletion and a non-local account', async () => {
    const other = await makeUser(app, 'leaving');
    const when = '2030-01-02T03:04:05.000Z';
    await app.ctx.db.updateTable('users').set({ deletion_scheduled_at: when, issuer: 'https://id.example.com' }).where('id', '=', other.id).execute();
    const body = (await call(app, 'GET', '/user', { token: other.token })).json();
    expect(body.deletion_scheduled_at).toBe(when);
    expect(body.is_local_user).toBe(false);
  });

  it('answers the pseudo user for a link share', async () => {
    const listId = await makeList(app, u.id);
    const { share, token } = await linkShareToken(app, listId, u.id, 'guests');
    const res = await call(app, 'GET', '/user', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: -share.id, name: 'guests (Link Share)', username: 'guests' });
    expect(res.json().email).toBeUndefined();
  });

  it('is 401 without a token', async () => {
    expect((await call(app, 'GET', '/user')).statusCode).toBe(401);
  });
});

describe('POST /user/settings/general', () => {
  let app: FastifyInstance;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app, 'settler');
    other = await makeUser(app, 'neighbour');
  });
  afterAll(async () => {
    await app.close();
  });

  const save = (body: unknown, token = u.token) => call(app, 'POST', '/user/settings/general', { token, body });
  const settings = async () => (await call(app, 'GET', '/user', { token: u.token })).json().settings;

  it('overwrites every key', async () => {
    const res = await save(SETTINGS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The settings were updated successfully.' });
    expect(await settings()).toEqual({ ...SETTINGS, frontend_settings: {} });
    expect((await call(app, 'GET', '/user', { token: u.token })).json().name).toBe('Ada Lovelace');
  });

  it('sets absent keys to their zero value', async () => {
    await save(SETTINGS);
    expect((await save({ overdue_tasks_reminders_time: '7:05' })).statusCode).toBe(200);
    const s = await settings();
    expect(s).toMatchObject({
      name: '', email_reminders_enabled: false, discoverable_by_name: false, discoverable_by_email: false,
      overdue_tasks_reminders_enabled: false, overdue_tasks_reminders_time: '7:05', default_list_id: 0, week_start: 0, language: '',
    });
  });

  it('requires overdue_tasks_reminders_time as H:MM or HH:MM', async () => {
    for (const time of [undefined, '', '25:00', '9:5', '9', 'nine', '09:60', '9:00:00']) {
      const res = await save({ ...SETTINGS, overdue_tasks_reminders_time: time });
      expect(res.statusCode, String(time)).toBe(400);
      expect(res.json().code).toBe(2002);
      expect(res.json().invalid_fields[0]).toMatch(/^overdue_tasks_reminders_time:/);
    }
    for (const time of ['0:00', '9:00', '09:00', '23:59']) expect((await save({ ...SETTINGS, overdue_tasks_reminders_time: time })).statusCode).toBe(200);
  });

  it('checks week_start, types, language and time zone', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ week_start: 7 }, 'week_start'],
      [{ week_start: -1 }, 'week_start'],
      [{ week_start: 1.5 }, 'week_start'],
      [{ week_start: '1' }, 'week_start'],
      [{ email_reminders_enabled: 'yes' }, 'email_reminders_enabled'],
      [{ name: 5 }, 'name'],
      [{ name: 'n'.repeat(251) }, 'name'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ default_list_id: -3 }, 'default_list_id'],
      [{ frontend_settings: [1] }, 'frontend_settings'],
      [{ frontend_settings: 'quick' }, 'frontend_settings'],
      [{ frontend_settings: { blob: 'b'.repeat(20000) } }, 'frontend_settings'],
    ];
    for (const [patch, field] of bad) {
      const res = await save({ ...SETTINGS, ...patch });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe(2002);
      expect(res.json().invalid_fields.some((f: string) => f.startsWith(`${field}:`))).toBe(true);
    }
  });

  it('reports an empty time zone as the server zone', async () => {
    await save({ ...SETTINGS, timezone: '' });
    expect((await settings()).timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('keeps frontend_settings when a client does not send them, replaces them when it does', async () => {
    await save({ ...SETTINGS, frontend_settings: { quick_add_magic_mode: 'todoist', play_sound: true } });
    expect((await settings()).frontend_settings).toEqual({ quick_add_magic_mode: 'todoist', play_sound: true });
    await save(SETTINGS);
    expect((await settings()).frontend_settings).toEqual({ quick_add_magic_mode: 'todoist', play_sound: true });
    await save({ ...SETTINGS, frontend_settings: { quick_add_magic_mode: 'vikunja' } });
    expect((await settings()).frontend_settings).toEqual({ quick_add_magic_mode: 'vikunja' });
    await save({ ...SETTINGS, frontend_settings: null });
    expect((await settings()).frontend_settings).toEqual({});
  });

  it('accepts a writable default list, rejects others', async () => {
    const own = await makeList(app, u.id);
    expect((await save({ ...SETTINGS, default_list_id: own })).statusCode).toBe(200);
    expect((await settings()).default_list_id).toBe(own);

    const foreign = await makeList(app, other.id);
    let res = await save({ ...SETTINGS, default_list_id: foreign });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(1);

    const now = nowIso();
    await app.ctx.db.insertInto('users_lists').values({ user_id: u.id, list_id: foreign, right: 0, created: now, updated: now }).execute();
    res = await save({ ...SETTINGS, default_list_id: foreign });
    expect(res.json().code).toBe(1);
    await app.ctx.db.updateTable('users_lists').set({ right: 1 }).where('user_id', '=', u.id).where('list_id', '=', foreign).execute();
    expect((await save({ ...SETTINGS, default_list_id: foreign })).statusCode).toBe(200);

    res = await save({ ...SETTINGS, default_list_id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(3001);

    const archived = await makeList(app, u.id, { archived: true });
    expect((await save({ ...SETTINGS, default_list_id: archived })).json().code).toBe(3008);
    const inArchivedNs = await makeList(app, u.id, { namespaceArchived: true });
    expect((await save({ ...SETTINGS, default_list_id: inArchivedNs })).json().code).toBe(3008);

    expect((await save({ ...SETTINGS, default_list_id: null })).statusCode).toBe(200);
    expect((await settings()).default_list_id).toBe(0);
  });

  it('leaves nothing changed when a request fails', async () => {
    await save(SETTINGS);
    await save({ ...SETTINGS, name: 'Changed', week_start: 9 });
    expect((await settings()).name).toBe('Ada Lovelace');
  });

  it('is forbidden for link shares and 401 without a token', async () => {
    const listId = await makeList(app, u.id);
    const { token } = await linkShareToken(app, listId, u.id, 'settingsshare');
    expect((await save(SETTINGS, token)).statusCode).toBe(403);
    expect((await call(app, 'POST', '/user/settings/general', { body: SETTINGS })).statusCode).toBe(401);
  });

  it('answers 400 without code for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/settings/general',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeUndefined();
  });
});

describe('GET /users', () => {
  let app: FastifyInstance;
  let me: TestUser;
  let shy: TestUser;
  let open: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    me = await makeUser(app, 'searcher');
    shy = await makeUser(app, 'shyperson');
    open = await makeUser(app, 'openperson');
    await app.ctx.db.updateTable('users').set({ name: 'Grace Hopper' }).where('id', '=', shy.id).execute();
    await app.ctx.db.updateTable('users').set({ name: 'Margaret Hamilton', discoverable_by_name: 1, discoverable_by_email: 1 }).where('id', '=', open.id).execute();
  });
  afterAll(async () => {
    await app.close();
  });

  const search = async (s?: string, token = me.token) => {
    const res = await call(app, 'GET', s === undefined ? '/users' : `/users?s=${encodeURIComponent(s)}`, { token });
    return res;
  };
  const names = async (s: string) => ((await search(s)).json() ?? []).map((u: { username: string }) => u.username);

  it('answers null without s or for an empty s', async () => {
    for (const s of [undefined, '', ' , ']) {
      const res = await search(s);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
    }
  });

  it('always finds an exact username, case-insensitively, but not a part of it', async () => {
    expect(await names('shyperson')).toEqual(['shyperson']);
    expect(await names('ShyPerson')).toEqual(['shyperson']);
    expect(await names('shyper')).toEqual([]);
  });

  it('finds by exact e-mail only when the person allows it', async () => {
    expect(await names(shy.email)).toEqual([]);
    expect(await names(open.email)).toEqual(['openperson']);
    expect(await names(open.email.toUpperCase())).toEqual(['openperson']);
    expect(await names(open.email.slice(0, 6))).toEqual([]);
  });

  it('finds by part of the name only when the person allows it', async () => {
    expect(await names('Hopper')).toEqual([]);
    expect(await names('hamil')).toEqual(['openperson']);
    expect(await names('garet Ham')).toEqual(['openperson']);
  });

  it('treats % and _ literally', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('takes several comma-separated terms', async () => {
    expect((await names('shyperson, hamilton,searcher')).sort()).toEqual(['openperson', 'searcher', 'shyperson']);
  });

  it('answers null when nothing matches', async () => {
    expect((await search('nobody-at-all')).json()).toBeNull();
  });

  it('never includes e-mail addresses', async () => {
    const res = await search(`${open.email},shyperson,searcher`);
    const body = res.json();
    expect(body).toHaveLength(3);
    for (const u of body) expect(Object.keys(u).sort()).toEqual(['created', 'id', 'name', 'updated', 'username']);
    expect(res.body).not.toContain('@');
  });

  it('is forbidden for link shares and 401 without a token', async () => {
    const listId = await makeList(app, me.id);
    const { token } = await linkShareToken(app, listId, me.id, 'searchshare');
    expect((await search('shyperson', token)).statusCode).toBe(403);
    expect((await call(app, 'GET', '/users?s=shyperson')).statusCode).toBe(401);
  });
});

describe('GET /user/timezones', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the IANA zones the server knows', async () => {
    const res = await call(app, 'GET', '/user/timezones', { token: u.token });
    expect(res.statusCode).toBe(200);
    const zones = res.json() as string[];
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect((await call(app, 'GET', '/user/timezones')).statusCode).toBe(401);
  });
});
