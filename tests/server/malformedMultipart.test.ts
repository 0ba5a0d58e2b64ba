// Multipart bodies that are not valid multipart (no boundary, cut off, garbage) answer 400/2002 on every upload route.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { makeWorld, makeTask, type World } from './fixtures.js';

describe('malformed multipart', () => {
  let app: FastifyInstance;
  let w: World;
  let routes: [string, string][];
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    const t = await makeTask(app, w.tokens.owner, w.listId);
    routes = [
      [`/api/v1/tasks/${t.id}/attachments`, 'files'],
      [`/api/v1/lists/${w.listId}/backgrounds/upload`, 'background'],
      ['/api/v1/user/settings/avatar/upload', 'avatar'],
      ['/api/v1/migration/vikunja-file/migrate', 'import'],
    ];
  });
  afterAll(async () => {
    await app.close();
  });

  const bodies = (field: string): [string, string, string][] => [
    ['no boundary', 'multipart/form-data', 'abc'],
    ['cut off inside a file', 'multipart/form-data; boundary=XYZ', `--XYZ\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`],
    ['cut off inside the part headers', 'multipart/form-data; boundary=XYZ', `--XYZ\r\nContent-Disposition: form-data; name="${field}"; filena`],
    ['no boundary line at all', 'multipart/form-data; boundary=XYZ', 'garbage without a boundary'],
  ];

  it('answers 400 with code 2002 and stores nothing', async () => {
    const files = async () => (await app.ctx.db.selectFrom('files').select('id').execute()).length;
    const before = await files();
    for (const [url, field] of routes) {
      for (const [name, contentType, payload] of bodies(field)) {
        const res = await app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${w.tokens.owner}`, 'content-type': contentType }, payload });
        expect(res.statusCode, `${url} ${name}`).toBe(400);
        expect(res.json().code, `${url} ${name}`).toBe(2002);
      }
    }
    expect(await files()).toBe(before);
  });
});
