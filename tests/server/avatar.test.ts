import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, type TestUser } from './helpers.js';
import { saveFile } from '../../server/files.js';
import { avatarHue, avatarSize, initialsOf, initialsSvg } from '../../server/routes/avatar.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('GET /avatar/:username', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app, 'pictured');
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string) => app.inject({ method: 'GET', url: `/api/v1/avatar/${path}` });

  it('answers an initials SVG without a token, 250 px by default', async () => {
    const res = await get('pictured');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('width="250"');
    expect(res.body).toMatch(/>P<\/text>/);
    expect(res.body).toContain(`hsl(${avatarHue('pictured')},`);
  });

  it('honours size up to 1024', async () => {
    expect((await get('pictured?size=40')).body).toContain('width="40"');
    expect((await get('pictured?size=5000')).body).toContain('width="1024"');
    for (const bad of ['0', '-3', 'abc', '']) expect((await get(`pictured?size=${bad}`)).body).toContain('width="250"');
  });

  it('uses the name when set, escaped', async () => {
    await app.ctx.db.updateTable('users').set({ name: 'Émile Zola' }).where('id', '=', u.id).execute();
    const res = await get('pictured');
    expect(res.body).toMatch(/>ÉZ<\/text>/);
    await app.ctx.db.updateTable('users').set({ name: '<&>' }).where('id', '=', u.id).execute();
    const escaped = await get('pictured');
    expect(escaped.body).toContain('>&lt;</text>');
    expect(escaped.body).not.toContain('><</text>');
    await app.ctx.db.updateTable('users').set({ name: '' }).where('id', '=', u.id).execute();
  });

  it('finds the user whatever the letter case', async () => {
    expect((await get('PICTURED')).body).toMatch(/>P<\/text>/);
  });

  it('answers a blank image for an unknown user, not 404', async () => {
    const res = await get('nobody-here?size=32');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('width="32"');
    expect(res.body).not.toContain('<text');
  });

  it('serves the uploaded file when the provider is upload', async () => {
    const other = await makeUser(app, 'uploader');
    const file = await saveFile(app.ctx.db, app.ctx.config, PNG, { name: 'me.png', mime: 'image/png', createdById: other.id });
    await app.ctx.db.updateTable('users').set({ avatar_provider: 'upload', avatar_file_id: file.id }).where('id', '=', other.id).execute();
    const res = await get('uploader?size=64');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-security-policy']).toContain('sandbox');

    // Another provider chosen later: initials again, though the file is still there.
    await app.ctx.db.updateTable('users').set({ avatar_provider: 'initials' }).where('id', '=', other.id).execute();
    expect((await get('uploader')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('never serves a stored SVG upload (one kept from before uploads were drawn to PNG): initials instead', async () => {
    const other = await makeUser(app, 'scripted');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const file = await saveFile(app.ctx.db, app.ctx.config, svg, { name: 'x.svg', mime: 'image/svg+xml', createdById: other.id });
    await app.ctx.db.updateTable('users').set({ avatar_provider: 'upload', avatar_file_id: file.id }).where('id', '=', other.id).execute();
    const res = await get('scripted');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script');
    expect(res.body).toMatch(/>S<\/text>/);
  });

  it('falls back to initials when the uploaded file is gone', async () => {
    const other = await makeUser(app, 'lostfile');
    await app.ctx.db.updateTable('users').set({ avatar_provider: 'upload', avatar_file_id: 987654 }).where('id', '=', other.id).execute();
    const res = await get('lostfile');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/>L<\/text>/);
  });
});

describe('avatar helpers', () => {
  it('derives initials from up to two words', () => {
    expect(initialsOf('ada')).toBe('A');
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('  ')).toBe('');
    expect(initialsOf('😀 smile')).toBe('😀S');
    expect(initialsOf('(ada) @lovelace')).toBe('AL');
  });

  it('keeps the colour stable per username', () => {
    expect(avatarHue('someone')).toBe(avatarHue('SomeOne'));
    expect(avatarHue('someone')).toBeGreaterThanOrEqual(0);
    expect(avatarHue('someone')).toBeLessThan(360);
    expect(initialsSvg('x', '', 10)).toContain('width="10"');
  });

  it('parses sizes', () => {
    expect(avatarSize(undefined)).toBe(250);
    expect(avatarSize('100')).toBe(100);
    expect(avatarSize('1025')).toBe(1024);
    expect(avatarSize('1e3')).toBe(250);
  });
});
