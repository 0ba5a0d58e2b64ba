// Replacing a stored file (list backgrounds, avatars): the new file and its reference in one transaction; the old
// bytes go only once that commits, the new ones when it fails.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, type TestUser } from './helpers.js';
import { readFileBytes, saveFile, storeReplacing } from '../../server/files.js';
import { nowIso } from '../../server/clock.js';

describe('storeReplacing', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const meta = () => ({ name: 'avatar.png', mime: 'image/png', createdById: u.id });
  const avatarOf = async () => (await app.ctx.db.selectFrom('users').select('avatar_file_id').where('id', '=', u.id).executeTakeFirstOrThrow()).avatar_file_id;
  const fileRow = (id: number) => app.ctx.db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst();
  const link = (file: { id: number }) => async (trx: typeof app.ctx.db) => {
    const before = await trx.selectFrom('users').select('avatar_file_id').where('id', '=', u.id).executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ avatar_file_id: file.id, updated: nowIso() }).where('id', '=', u.id).execute();
    return before.avatar_file_id;
  };

  it('points at the new file and removes the old one, row and bytes', async () => {
    const { config, db } = app.ctx;
    const first = await saveFile(db, config, Buffer.from('old bytes'), meta());
    await db.updateTable('users').set({ avatar_file_id: first.id }).where('id', '=', u.id).execute();
    const id = await storeReplacing(db, config, Buffer.from('new bytes'), meta(), async (trx, file) => ({ result: file.id, replaced: await link(file)(trx) }));
    expect(await avatarOf()).toBe(id);
    expect((await readFileBytes(config, id))?.toString()).toBe('new bytes');
    expect(await readFileBytes(config, first.id)).toBeNull();
    expect(await fileRow(first.id)).toBeUndefined();
  });

  it('leaves everything as it was when linking fails: no new row, no new bytes, the old file intact', async () => {
    const { config, db } = app.ctx;
    const current = (await avatarOf())!;
    let attempted = 0;
    await expect(
      storeReplacing(db, config, Buffer.from('doomed bytes'), meta(), async (trx, file) => {
        attempted = file.id;
        await link(file)(trx);
        throw new Error('the reference could not be saved');
      }),
    ).rejects.toThrow('the reference could not be saved');
    expect(attempted).toBeGreaterThan(0);
    expect(await fileRow(attempted)).toBeUndefined();
    expect(await readFileBytes(config, attempted)).toBeNull();
    expect(await avatarOf()).toBe(current);
    expect((await readFileBytes(config, current))?.toString()).toBe('new bytes');
    expect(await fileRow(current)).toBeDefined();
  });
});
