import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';

describe('GET /info', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestServer();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers every key of the contract without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/info' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of [
      'version', 'frontend_url', 'motd', 'link_sharing_enabled', 'max_file_size', 'registration_enabled',
      'available_migrators', 'task_attachments_enabled', 'enabled_background_providers', 'totp_enabled',
      'legal', 'caldav_enabled', 'auth', 'email_reminders_enabled', 'user_deletion_enabled', 'task_comments_enabled',
    ]) expect(body).toHaveProperty(key);
    expect(body.max_file_size).toBe('20MB');
    expect(body.registration_enabled).toBe(true);
    expect(body.auth.local.enabled).toBe(true);
  });

  it('answers 401 for a protected or unknown route without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'missing or malformed jwt' });
    const bad = await app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'invalid or expired jwt' });
  });

  it('switches flags from the environment', async () => {
    const other = await createTestServer({ registrationEnabled: false, totpEnabled: false });
    const body = (await other.inject({ method: 'GET', url: '/api/v1/info' })).json();
    expect(body.registration_enabled).toBe(false);
    expect(body.totp_enabled).toBe(false);
    await other.close();
  });
});
