import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { multipartBody, TINY_PNG } from './multipart.js';
import { readFileBytes } from '../../server/files.js';

describe('POST /user/settings/email', () => {
  let app: FastifyInstance;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
    other = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const emailOf = async (id: number) => (await app.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  it('rejects a wrong password with 1011 and changes nothing', async () => {
    const res = await call(app, 'POST', '/user/settings/email', { token: u.token, body: { new_email: 'new@example.com', password: 'nope' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1011);
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it('rejects an address another user has with 1002 (case-insensitive)', async () => {
    const res = await call(app, 'POST', '/user/settings/email', { token: u.token, body: { new_email: other.email.toUpperCase(), password: u.password } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1002);
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it('rejects something that is not an address with 2002', async () => {
    const res = await call(app, 'POST', '/user/settings/email', { token: u.token, body: { new_email: 'not-an-email', password: u.password } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2002);
    expect(res.json().invalid_fields[0]).toMatch(/^new_email/);
  });

  it('changes the address at once when no SMTP server is configured', async () => {
    const res = await call(app, 'POST', '/user/settings/email', { token: u.token, body: { new_email: 'fresh@example.com', password: u.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect(JSON.stringify(res.json())).not.toContain(u.password);
    expect(await emailOf(u.id)).toBe('fresh@example.com');
  });
});

describe('avatar settings', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads and sets the provider, refusing unknown ones with 1018', async () => {
    let res = await call(app, 'GET', '/user/settings/avatar', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ avatar_provider: 'initials' });

    for (const p of ['gravatar', 'marble', 'default', 'initials']) {
      res = await call(app, 'POST', '/user/settings/avatar', { token: u.token, body: { avatar_provider: p } });
      expect(res.statusCode).toBe(200);
      expect((await call(app, 'GET', '/user/settings/avatar', { token: u.token })).json().avatar_provider).toBe(p);
    }
    res = await call(app, 'POST', '/user/settings/avatar', { token: u.token, body: { avatar_provider: 'robohash' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1018);
    expect((await call(app, 'GET', '/user/settings/avatar', { token: u.token })).json().avatar_provider).toBe('initials');
  });

  it('stores an uploaded image and switches the provider to upload, replacing the previous file', async () => {
    const first = multipartBody([{ field: 'avatar', filename: 'me.png', contentType: 'image/png', data: TINY_PNG }]);
    let res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings/avatar/upload',
      headers: { ...first.headers, authorization: `Bearer ${u.token}` },
      payload: first.payload,
    });
    expect(res.statusCode).toBe(200);
    let row = await app.ctx.db.selectFrom('users').select(['avatar_provider', 'avatar_file_id']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.avatar_provider).toBe('upload');
    const firstId = row.avatar_file_id!;
    expect((await readFileBytes(app.ctx.config, firstId))?.equals(TINY_PNG)).toBe(true);
    const meta = await app.ctx.db.selectFrom('files').selectAll().where('id', '=', firstId).executeTakeFirstOrThrow();
    expect(meta.mime).toBe('image/png');
    expect(meta.created_by_id).toBe(u.id);

    const second = multipartBody([{ field: 'avatar', filename: 'me2.png', contentType: 'image/png', data: TINY_PNG }]);
    res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings/avatar/upload',
      headers: { ...second.headers, authorization: `Bearer ${u.token}` },
      payload: second.payload,
    });
    expect(res.statusCode).toBe(200);
    row = await app.ctx.db.selectFrom('users').select(['avatar_provider', 'avatar_file_id']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.avatar_file_id).not.toBe(firstId);
    expect(await readFileBytes(app.ctx.config, firstId)).toBeNull();
    expect(await app.ctx.db.selectFrom('files').select('id').where('id', '=', firstId).executeTakeFirst()).toBeUndefined();
  });

  it('draws an uploaded SVG to PNG, so the public avatar address serves no script; a broken or huge SVG is 400', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)">' +
        '<script>alert(document.domain)</script><rect width="40" height="40" fill="#c00"/></svg>',
    );
    const upload = (data: Buffer, contentType: string) => {
      const body = multipartBody([{ field: 'avatar', filename: 'me.svg', contentType, data }]);
      return app.inject({
        method: 'PUT',
        url: '/api/v1/user/settings/avatar/upload',
        headers: { ...body.headers, authorization: `Bearer ${u.token}` },
        payload: body.payload,
      });
    };
    // Declared as SVG, or sent as octet-stream (the bytes then tell).
    for (const contentType of ['image/svg+xml', 'application/octet-stream']) {
      expect((await upload(svg, contentType)).statusCode).toBe(200);
      const row = await app.ctx.db.selectFrom('users').select('avatar_file_id').where('id', '=', u.id).executeTakeFirstOrThrow();
      const meta = await app.ctx.db.selectFrom('files').select('mime').where('id', '=', row.avatar_file_id!).executeTakeFirstOrThrow();
      expect(meta.mime).toBe('image/png');
      const served = await app.inject({ method: 'GET', url: `/api/v1/avatar/${u.username}` });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.subarray(0, 8).equals(TINY_PNG.subarray(0, 8))).toBe(true);
      expect(served.body).not.toContain('script');
      expect(served.body).not.toContain('onload');
    }
    const before = await app.ctx.db.selectFrom('users').select('avatar_file_id').where('id', '=', u.id).executeTakeFirstOrThrow();
    const broken = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'), 'image/svg+xml');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('File is no image.');
    const huge = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>'), 'image/svg+xml');
    expect(huge.statusCode).toBe(400);
    const after = await app.ctx.db.selectFrom('users').select('avatar_file_id').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(after.avatar_file_id).toBe(before.avatar_file_id);
  });

  it('refuses a file that is not an image, and a request without the field', async () => {
    const before = await app.ctx.db.selectFrom('users').select('avatar_file_id').where('id', '=', u.id).executeTakeFirstOrThrow();
    const text = multipartBody([{ field: 'avatar', filename: 'x.png', contentType: 'image/png', data: Buffer.from('hello, not an image') }]);
    let res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings/avatar/upload',
      headers: { ...text.headers, authorization: `Bearer ${u.token}` },
      payload: text.payload,
    });
    expect(res.statusCode).toBe(400);
    const wrongField = multipartBody([{ field: 'file', filename: 'x.png', contentType: 'image/png', data: TINY_PNG }]);
    res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/settings/avatar/upload',
      headers: { ...wrongField.headers, authorization: `Bearer ${u.token}` },
      payload: wrongField.payload,
    });
    expect(res.statusCode).toBe(400);
    const after = await app.ctx.db.selectFrom('users').select('avatar_file_id').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(after.avatar_file_id).toBe(before.avatar_file_id);
  });

  it('answers 413 for an image above the size limit', async () => {
    const small = await createTestServer({ maxFileSize: 100 });
    const v = await makeUser(small);
    const big = multipartBody([{ field: 'avatar', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([TINY_PNG, Buffer.alloc(500)]) }]);
    const res = await small.inject({
      method: 'PUT',
      url: '/api/v1/user/settings/avatar/upload',
      headers: { ...big.headers, authorization: `Bearer ${v.token}` },
      payload: big.payload,
    });
    expect(res.statusCode).toBe(413);
    expect((await small.ctx.db.selectFrom('files').select('id').execute()).length).toBe(0);
    await small.close();
  });
});

describe('POST /user/settings/email with address confirmation on', () => {
  it('sets the new address, waits for confirmation and mails a link to the new address', async () => {
    const app = await createTestServer({ emailConfirmation: true });
    const u = await makeUser(app);
    const { outbox } = await import('../../server/mail.js');
    const res = await call(app, 'POST', '/user/settings/email', { token: u.token, body: { new_email: `${u.username}-new@example.com`, password: u.password } });
    expect(res.statusCode).toBe(200);
    const row = await app.ctx.db.selectFrom('users').select(['email', 'status']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: `${u.username}-new@example.com`, status: 1 });
    const token = await app.ctx.db.selectFrom('user_tokens').select('token').where('user_id', '=', u.id).where('kind', '=', 2).executeTakeFirstOrThrow();
    const mail = outbox.filter((m) => m.to === `${u.username}-new@example.com`).at(-1);
    expect(mail?.text).toContain(`?userEmailConfirm=${token.token}`);
    await app.close();
  });
});
