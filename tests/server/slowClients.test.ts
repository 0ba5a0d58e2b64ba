// Slow clients (server/slowClients.ts) over real sockets: unfinished headers and a stalled body are dropped within the
// configured time, a body that keeps coming and a live event stream are not, and one address holds a bounded number
// of connections.
import { describe, it, expect, afterEach } from 'vitest';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { testServer, makeUser, call } from './helpers.js';
import { loadConfig } from '../../server/config.js';

const TIMEOUT_MS = 800;

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function listening(overrides: Parameters<typeof testServer>[0] = {}): Promise<{ server: FastifyInstance; port: number }> {
  const server = await testServer({ slowClientTimeoutMs: TIMEOUT_MS, ...overrides });
  app = server;
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, port: (server.server.address() as net.AddressInfo).port };
}

/** A raw connection: what it received, and when (ms after opening) the server closed it, if it did. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = Date.now();
  let received = '';
  let closedAfter: number | null = null;
  socket.on('data', (d) => (received += d.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closedAfter = Date.now() - opened));
  return { socket, received: () => received, closedAfter: () => closedAfter };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('slow clients', () => {
  it('drops a request whose headers never finish, within the timeout', async () => {
    const { port } = await listening();
    const c = await connect(port);
    c.socket.write('GET /api/v1/info HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    await sleep(TIMEOUT_MS * 3);
    expect(c.closedAfter()).not.toBeNull();
    expect(c.closedAfter()!).toBeLessThan(TIMEOUT_MS * 3);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('drops a request that never sends the body it promised, and answers one whose body keeps coming slowly', async () => {
    const { server, port } = await listening();
    const u = await makeUser(server);
    const stalled = await connect(port);
    stalled.socket.write('POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"user');
    // Slower in all than the timeout, but never idle for as long.
    const body = JSON.stringify({ username: u.username, password: u.password });
    const slow = await connect(port);
    slow.socket.write(
      `POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    const step = Math.ceil(body.length / 12);
    for (let i = 0; i < body.length; i += step) {
      slow.socket.write(body.slice(i, i + step));
      await sleep(TIMEOUT_MS / 4);
    }
    expect(stalled.closedAfter()).not.toBeNull();
    expect(stalled.received()).toBe('');
    await sleep(300);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(slow.received()).toContain('"token"');
  });

  it('keeps a live event stream open past the timeout', async () => {
    const { server, port } = await listening({ liveHeartbeatMs: 200 });
    const u = await makeUser(server);
    const ticket = (await call(server, 'POST', '/events/ticket', { token: u.token })).json().ticket as string;
    const c = await connect(port);
    c.socket.write(`GET /api/v1/events?ticket=${encodeURIComponent(ticket)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await sleep(TIMEOUT_MS * 3);
    expect(c.closedAfter()).toBeNull();
    expect(c.received()).toContain('event: ready');
    c.socket.destroy();
  });

  it('caps the open connections of one address; a closed one frees its place', async () => {
    const { port } = await listening({ maxConnectionsPerAddress: 3 });
    const held = [await connect(port), await connect(port), await connect(port)];
    const extra = await connect(port);
    await sleep(200);
    expect(extra.closedAfter()).not.toBeNull();
    for (const h of held) expect(h.closedAfter()).toBeNull();
    held[0]!.socket.destroy();
    await sleep(100);
    const again = await connect(port);
    again.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await sleep(300);
    expect(again.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const h of held) h.socket.destroy();
  });

  it('reads its limits from the environment', () => {
    const base = { KEYFLOW_DATA_DIR: ':memory:' };
    expect(loadConfig(base)).toMatchObject({ slowClientTimeoutMs: 10_000, maxConnectionsPerAddress: 100 });
    expect(loadConfig({ ...base, KEYFLOW_SLOW_CLIENT_TIMEOUT_MS: '5000', KEYFLOW_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toMatchObject({
      slowClientTimeoutMs: 5000,
      maxConnectionsPerAddress: 0,
    });
    expect(loadConfig({ ...base, KEYFLOW_MAX_CONNECTIONS_PER_ADDRESS: 'lots' }).maxConnectionsPerAddress).toBe(100);
  });
});
