// Uploaded files are typed by their bytes: octet-stream images are accepted and stored as images, fake images refused.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { makeWorld, makeTask, type World } from './fixtures.js';
import { multipartBody, TINY_PNG } from './multipart.js';

// A JPEG's start of image and JFIF header is all a magic-number check needs.
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const TEXT = Buffer.from('this is plain text, not an image\n');

describe('file types from bytes', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const put = (url: string, field: string, filename: string, contentType: string, data: Buffer) => {
    const { payload, headers } = multipartBody([{ field, filename, contentType, data }]);
    return app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: { ...headers, authorization: `Bearer ${w.tokens.owner}` }, payload });
  };
  const fileMime = async (id: number) => (await app.ctx.db.selectFrom('files').select('mime').where('id', '=', id).executeTakeFirstOrThrow()).mime;

  it('accepts a list background sent as application/octet-stream and stores it as image/png', async () => {
    const res = await put(`/lists/${w.listId}/backgrounds/upload`, 'background', 'bg.png', 'application/octet-stream', TINY_PNG);
    expect(res.statusCode, res.body).toBe(200);
    const list = await app.ctx.db.selectFrom('lists').select('background_file_id').where('id', '=', w.listId).executeTakeFirstOrThrow();
    expect(await fileMime(list.background_file_id!)).toBe('image/png');
    const got = await app.inject({ method: 'GET', url: `/api/v1/lists/${w.listId}/background`, headers: { authorization: `Bearer ${w.tokens.owner}` } });
    expect(got.headers['content-type']).toBe('image/png');
  });

  it('stores a JPEG background as image/jpeg whatever type was declared', async () => {
    const res = await put(`/lists/${w.listId}/backgrounds/upload`, 'background', 'photo.png', 'image/png', JPEG);
    expect(res.statusCode, res.body).toBe(200);
    const list = await app.ctx.db.selectFrom('lists').select('background_file_id').where('id', '=', w.listId).executeTakeFirstOrThrow();
    expect(await fileMime(list.background_file_id!)).toBe('image/jpeg');
  });

  it('refuses a text file named .png and declared image/png as a background (2002), leaving the list as it was', async () => {
    const before = await app.ctx.db.selectFrom('lists').select('background_file_id').where('id', '=', w.listId).executeTakeFirstOrThrow();
    const res = await put(`/lists/${w.listId}/backgrounds/upload`, 'background', 'fake.png', 'image/png', TEXT);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2002);
    const after = await app.ctx.db.selectFrom('lists').select('background_file_id').where('id', '=', w.listId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('stores attachments with the detected type, else the declared one, else application/octet-stream', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const cases: [string, string, Buffer, string][] = [
      ['pic.bin', 'application/octet-stream', TINY_PNG, 'image/png'],
      ['photo.txt', 'text/plain', JPEG, 'image/jpeg'],
      ['notes.txt', 'text/plain', TEXT, 'text/plain'],
      ['blob', 'not a type', Buffer.from([1, 2, 3, 4, 5]), 'application/octet-stream'],
    ];
    for (const [name, declared, data, stored] of cases) {
      const res = await put(`/tasks/${t.id}/attachments`, 'files', name, declared, data);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().success[0].file.mime, name).toBe(stored);
    }
  });

  it('accepts an avatar sent as octet-stream as image/png and refuses a text file declared image/png', async () => {
    const ok = await put('/user/settings/avatar/upload', 'avatar', 'me.png', 'application/octet-stream', TINY_PNG);
    expect(ok.statusCode, ok.body).toBe(200);
    const user = await app.ctx.db.selectFrom('users').select('avatar_file_id').where('id', '=', w.users.owner.id).executeTakeFirstOrThrow();
    expect(await fileMime(user.avatar_file_id!)).toBe('image/png');
    const fake = await put('/user/settings/avatar/upload', 'avatar', 'me.png', 'image/png', TEXT);
    expect(fake.statusCode).toBe(400);
  });
});
