// Attachments: multipart upload (`files`, repeatable), size limit 4012 (nothing stored), download, delete, rights, config off.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { makeWorld, makeTask, call, ROLES, type World } from './fixtures.js';

function multipart(files: { field?: string; name: string; type: string; data: Buffer }[]) {
  const boundary = '----keyflowtest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('attachments', () => {
  let app: FastifyInstance;
  let w: World;
  const upload = (taskId: number, token: string, files: Parameters<typeof multipart>[0]) => {
    const { payload, contentType } = multipart(files);
    return app.inject({ method: 'PUT', url: `/api/v1/tasks/${taskId}/attachments`, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  };
  beforeAll(async () => {
    app = await createTestServer({ maxFileSize: 1024 });
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('uploads several files, lists, downloads and deletes them', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const res = await upload(t.id, w.tokens.owner, [
      { name: 'a.txt', type: 'text/plain', data: Buffer.from('hello') },
      { name: 'bild ä.png', type: 'image/png', data: Buffer.from([1, 2, 3]) },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errors).toBeNull();
    expect(body.success).toHaveLength(2);
    expect(body.success[0]).toMatchObject({ task_id: t.id, file: { name: 'a.txt', mime: 'text/plain', size: 5 } });
    expect(body.success[0].created_by.id).toBe(w.users.owner.id);
    const list = await call(app, 'GET', `/tasks/${t.id}/attachments`, { token: w.tokens.read });
    expect(list.json()).toHaveLength(2);
    expect(list.headers['x-pagination-result-count']).toBe('2');
    const task = (await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner })).json();
    expect(task.attachments).toHaveLength(2);
    const dl = await call(app, 'GET', `/tasks/${t.id}/attachments/${body.success[1].id}`, { token: w.tokens.read });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''bild%20%C3%A4.png");
    expect([...dl.rawPayload]).toEqual([1, 2, 3]);
    const cover = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { cover_image_attachment_id: body.success[1].id, position: 1 } });
    expect(cover.json().cover_image_attachment_id).toBe(body.success[1].id);
    const del = await call(app, 'DELETE', `/tasks/${t.id}/attachments/${body.success[1].id}`, { token: w.tokens.owner });
    expect(del.statusCode).toBe(200);
    expect((await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner })).json().cover_image_attachment_id).toBe(0);
    expect((await call(app, 'GET', `/tasks/${t.id}/attachments/${body.success[1].id}`, { token: w.tokens.owner })).json().code).toBe(4011);
  });

  it('refuses oversized files with 4012 and stores none of the batch', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const res = await upload(t.id, w.tokens.owner, [
      { name: 'ok.txt', type: 'text/plain', data: Buffer.from('fine') },
      { name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(2048, 1) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(4012);
    expect((await call(app, 'GET', `/tasks/${t.id}/attachments`, { token: w.tokens.owner })).json()).toBeNull();
    const files = await app.ctx.db.selectFrom('files').select('name').where('name', '=', 'ok.txt').execute();
    expect(files).toHaveLength(0);
  });

  it('rejects a cover image that is not on the task (4020) and attachments of other tasks (4011)', async () => {
    const a = await makeTask(app, w.tokens.owner, w.listId);
    const b = await makeTask(app, w.tokens.owner, w.listId);
    const up = (await upload(a.id, w.tokens.owner, [{ name: 'x', type: 'text/plain', data: Buffer.from('x') }])).json();
    const id = up.success[0].id;
    expect((await call(app, 'POST', `/tasks/${b.id}`, { token: w.tokens.owner, body: { cover_image_attachment_id: id } })).json().code).toBe(4020);
    expect((await call(app, 'GET', `/tasks/${b.id}/attachments/${id}`, { token: w.tokens.owner })).json().code).toBe(4011);
    expect((await call(app, 'DELETE', `/tasks/${b.id}/attachments/${id}`, { token: w.tokens.owner })).json().code).toBe(4011);
  });

  it('checks rights (matrix)', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    for (const role of ROLES) {
      const right = w.rights[role];
      const up = await upload(t.id, w.tokens[role], [{ name: `${role}.txt`, type: 'text/plain', data: Buffer.from(role) }]);
      const list = await call(app, 'GET', `/tasks/${t.id}/attachments`, { token: w.tokens[role] });
      const own = (await upload(t.id, w.tokens.owner, [{ name: 'o', type: 'text/plain', data: Buffer.from('o') }])).json().success[0].id;
      const dl = await call(app, 'GET', `/tasks/${t.id}/attachments/${own}`, { token: w.tokens[role] });
      const del = await call(app, 'DELETE', `/tasks/${t.id}/attachments/${own}`, { token: w.tokens[role] });
      const got = [up.statusCode, list.statusCode, dl.statusCode, del.statusCode];
      if (right === null) expect(got, role).toEqual([403, 403, 403, 403]);
      else if (right === 0) expect(got, role).toEqual([403, 200, 200, 403]);
      else expect(got, role).toEqual([200, 200, 200, 200]);
    }
  });

  it('does not exist when attachments are disabled', async () => {
    const off = await createTestServer({ taskAttachmentsEnabled: false });
    const ow = await makeWorld(off);
    const t = await makeTask(off, ow.tokens.owner, ow.listId);
    expect((await call(off, 'GET', `/tasks/${t.id}/attachments`, { token: ow.tokens.owner })).statusCode).toBe(404);
    await off.close();
  });
});
