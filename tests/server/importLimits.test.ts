// Imports within a memory budget: zip bombs (honest, lying and high-ratio headers, many members) and oversized
// TickTick backups are refused with 400/2090 before they are inflated, and a server process's peak memory stays
// within 100 MB of what it was while it refuses several at once.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, type TestUser } from './helpers.js';
import { multipartBody } from './multipart.js';
import { openZip, writeZip, type ReadLimits } from '../../server/export/zip.js';
import { MAX_IMPORT_DATA_BYTES } from '../../server/export/importLimits.js';
import { startServerProcess, freshPostgresDatabase, api, type ServerProcess } from './processes.js';

const MB = 1024 * 1024;

interface Member {
  name: string;
  /** Raw deflate data. */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The uncompressed size the headers claim (the true size unless a test lies). */
  declared?: number;
}

/** `size` zero bytes, deflated at the highest ratio without ever holding them: what a zip bomb is made of. */
async function zeros(size: number): Promise<Omit<Member, 'name'>> {
  const chunk = Buffer.alloc(MB);
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflater.on('end', resolve));
  let crc = 0;
  for (let left = size; left > 0; left -= MB) {
    const part = left >= MB ? chunk : chunk.subarray(0, left);
    crc = zlib.crc32(part, crc);
    if (!deflater.write(part)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return { deflated: Buffer.concat(out), crc, size };
}

/** A zip archive written byte by byte, so that its headers can say whatever a test wants. */
function zipOf(members: Member[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name);
    const declared = m.declared ?? m.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(m.crc >>> 0, 14);
    local.writeUInt32LE(m.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(m.crc >>> 0, 16);
    dir.writeUInt32LE(m.deflated.length, 20);
    dir.writeUInt32LE(declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, m.deflated);
    central.push(dir, name);
    offset += local.length + name.length + m.deflated.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

const version = async (): Promise<Member> => {
  const text = Buffer.from('v0.20.4');
  return { name: 'VERSION', deflated: zlib.deflateRawSync(text), crc: zlib.crc32(text), size: text.length };
};

/** The archives an attacker would send; each is refused. */
async function bombs(): Promise<Record<string, Buffer>> {
  const big = await zeros(200 * MB);
  const medium = await zeros(5 * MB);
  const file = await zeros(19 * MB);
  const v = await version();
  return {
    // Says honestly that data.json is 200 MB.
    honest: zipOf([v, { name: 'data.json', ...big }]),
    // Says data.json is 1 KB; 200 MB come out.
    lying: zipOf([v, { name: 'data.json', ...big, declared: 1024 }]),
    // Within the data budget, but compressed 1000:1.
    ratio: zipOf([v, { name: 'data.json', ...medium }]),
    // Fifty files each under the attachment limit: 950 MB together.
    many: zipOf([v, ...Array.from({ length: 50 }, (_, i) => ({ name: `files/${i + 1}`, ...file }))]),
  };
}

const limits = (over: Partial<ReadLimits> = {}): ReadLimits => ({
  maxEntries: 10,
  maxEntryBytes: () => 10 * MB,
  maxTotalBytes: 20 * MB,
  maxRatio: 200,
  ...over,
});

describe('reading archives within a budget', () => {
  it('refuses too many entries, too large a total, a large member and a high ratio before inflating', async () => {
    const small = await writeZip([
      { name: 'a', data: 'x'.repeat(1000) },
      { name: 'b', data: 'y'.repeat(1000) },
    ]);
    await expect(openZip(small, limits({ maxEntries: 1 }))).rejects.toMatchObject({ code: 2090, status: 400 });
    await expect(openZip(small, limits({ maxTotalBytes: 1500 }))).rejects.toMatchObject({ code: 2090 });
    await expect(openZip(small, limits({ maxEntryBytes: (n) => (n === 'b' ? 999 : 10_000) }))).rejects.toMatchObject({
      code: 2090,
      message: expect.stringContaining('b in the archive'),
    });
    const fine = await openZip(small, limits());
    expect((await fine.read('a'))!.toString()).toBe('x'.repeat(1000));
    fine.close();

    const v = await version();
    const highRatio = zipOf([v, { name: 'data.json', ...(await zeros(2 * MB)) }]);
    await expect(openZip(highRatio, limits())).rejects.toMatchObject({ code: 2090, message: expect.stringContaining('compressed more than 200:1') });
  });

  it('cuts a member off once more comes out than its header said', async () => {
    const lying = zipOf([{ name: 'data.json', ...(await zeros(3 * MB)), declared: 100 }]);
    const zip = await openZip(lying, limits({ maxRatio: 100_000 }));
    await expect(zip.read('data.json')).rejects.toMatchObject({ status: 400, code: 2090 });
    zip.close();
  });
});

describe('imports refused before they exhaust memory', () => {
  let app: FastifyInstance;
  let user: TestUser;
  let archives: Record<string, Buffer>;
  beforeAll(async () => {
    app = await createTestServer();
    user = await makeUser(app);
    archives = await bombs();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const send = (migrator: string, data: Buffer, filename: string) => {
    const body = multipartBody([{ field: 'import', filename, contentType: 'application/octet-stream', data }]);
    return app.inject({
      method: 'PUT',
      url: `/api/v1/migration/${migrator}/migrate`,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
      payload: body.payload,
    });
  };

  it('answers 400/2090 with a message naming the member for every kind of zip bomb, and imports nothing', async () => {
    for (const [kind, zip] of Object.entries(archives)) {
      const res = await send('vikunja-file', zip, `${kind}.zip`);
      expect(res.statusCode, kind).toBe(400);
      expect(res.json().code, kind).toBe(2090);
      expect(res.json().message, kind).toMatch(/in the archive/);
    }
    const namespaces = await app.ctx.db.selectFrom('namespaces').select('id').where('owner_id', '=', user.id).execute();
    expect(namespaces).toEqual([]);
    expect(await app.ctx.db.selectFrom('migration_status').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  }, 60_000);

  it('refuses a TickTick backup larger than the data budget with 400/2090', async () => {
    const header = 'Folder Name,List Name,Title\n';
    const csv = Buffer.concat([Buffer.from(header), Buffer.alloc(MAX_IMPORT_DATA_BYTES, 'a')]);
    const res = await send('ticktick', csv, 'backup.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 2090 });
  });
});

/** The process's peak resident memory so far, in bytes (Linux). */
function peakRss(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;

describe('a server process refusing zip bombs', () => {
  let server: ServerProcess;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let token: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-bombs-'));
    const env: Record<string, string> = { KEYFLOW_DATA_DIR: dataDir };
    if (adminUrl) {
      const fresh = await freshPostgresDatabase(adminUrl, 'kf_bombs');
      drop = fresh.drop;
      env.DATABASE_URL = fresh.url;
    }
    server = await startServerProcess(Number(process.env.KEYFLOW_BOMB_PORT ?? 3503), env);
    await api(server.api, 'POST', '/register', { body: { username: 'bomber', email: 'bomber@example.com', password: 'long-enough-password' } });
    token = (await api(server.api, 'POST', '/login', { body: { username: 'bomber', password: 'long-enough-password' } })).body.token as string;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const upload = async (zip: Buffer) => {
    const form = new FormData();
    form.append('import', new Blob([new Uint8Array(zip)]), 'export.zip');
    const res = await fetch(`${server.api}/migration/vikunja-file/migrate`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as { code?: number } };
  };

  it('keeps its peak memory within 100 MB of where it was, with every bomb sent at once', async () => {
    const archives = await bombs();
    // A real import first, so the code paths (and their memory) are warm before the baseline.
    const v = await version();
    const text = Buffer.from('[]');
    const legit = zipOf([v, { name: 'data.json', deflated: zlib.deflateRawSync(text), crc: zlib.crc32(text), size: text.length }]);
    expect((await upload(legit)).status).toBe(200);
    const before = peakRss(server.child.pid!);
    const answers = await Promise.all([...Object.values(archives), ...Object.values(archives)].map(upload));
    for (const a of answers) expect(a).toEqual({ status: 400, body: expect.objectContaining({ code: 2090 }) });
    const grew = peakRss(server.child.pid!) - before;
    expect(grew, `peak RSS grew by ${Math.round(grew / MB)} MB`).toBeLessThan(100 * MB);
  }, 120_000);
});
