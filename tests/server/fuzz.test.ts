// Fuzzing every registered route with malformed bodies, query strings, ids and headers (fast-check, fixed seed):
// never a 5xx, errors are JSON with a catalogue code when they carry one, the server keeps answering, and a request
// that did not succeed left every table exactly as it was.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { createTestServer } from '../../server/server.js';
import { ERRORS } from '../../server/errors.js';
import { call, makeWorld, makeTask, type World } from './fixtures.js';

const SEED = 20261125;
const PREFIX = '/api/v1';

type Route = { method: string; path: string };

/**
 * The answers the v0.20 contract gives without a code, as the reference server's framework does: a missing or bad
 * token (401), the generic forbidden of the CRUD handlers (403), no such route (404/405), malformed JSON (400),
 * a body too large or of an unsupported type (413/415), the rate limit (429). Every other error needs a code.
 */
function uncoded(status: number, message: string): boolean {
  // 418 is /tokenTest's answer to a valid token: its success, kept from the reference.
  if ([401, 403, 404, 405, 413, 415, 418, 429].includes(status)) return true;
  return status === 400 && message === 'Invalid JSON in request body.';
}

describe('fuzzing every route', () => {
  let app: FastifyInstance;
  let w: World;
  let routes: Route[];
  let tables: string[];
  let existingIds: string[];
  let last: string;
  let sent = 0;

  /** Every row of every table, as one string: compared before and after each request that did not succeed. */
  async function snapshot(): Promise<string> {
    const parts: string[] = [];
    for (const t of tables) {
      // Rows sorted as text: a snapshot must not depend on the order a database happens to return them in.
      const { rows } = await sql`select * from ${sql.table(t)}`.execute(app.ctx.db);
      parts.push(`${t}:${JSON.stringify(rows.map((r) => JSON.stringify(r)).sort())}`);
    }
    return parts.join('\n');
  }

  beforeAll(async () => {
    app = await createTestServer({ caldavEnabled: true });
    w = await makeWorld(app);
    const t1 = await makeTask(app, w.tokens.owner, w.listId, { title: 'fuzz one', reminder_dates: ['2030-01-01T10:00:00Z'] });
    const t2 = await makeTask(app, w.tokens.owner, w.listId, { title: 'fuzz two', assignees: [{ id: w.users.write.id }] });
    const label = (await call(app, 'PUT', '/labels', { token: w.tokens.owner, body: { title: 'fuzz' } })).json();
    await call(app, 'PUT', `/tasks/${t1.id}/labels`, { token: w.tokens.owner, body: { label_id: label.id } });
    await call(app, 'PUT', `/tasks/${t1.id}/comments`, { token: w.tokens.owner, body: { comment: 'hello' } });
    await call(app, 'PUT', `/tasks/${t1.id}/relations`, { token: w.tokens.owner, body: { other_task_id: t2.id, relation_kind: 'related' } });
    await call(app, 'PUT', '/filters', { token: w.tokens.owner, body: { title: 'f', filters: { filter_by: ['done'], filter_value: ['false'] } } });
    await call(app, 'PUT', '/teams', { token: w.tokens.owner, body: { name: 'fuzzers' } });
    existingIds = [String(w.listId), String(w.namespaceId), String(t1.id), String(t2.id), String(label.id), String(w.bucketId), '1', '2'];
    const docs = (await call(app, 'GET', '/docs.json')).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(docs.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1') })),
    );
    // Kysely's introspection lists the tables on SQLite and PostgreSQL alike.
    tables = (await app.ctx.db.introspection.getTables())
      .filter((t) => !t.isView)
      .map((t) => t.name)
      .sort();
    last = await snapshot();
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  /** Sends one request and checks the answer and the data; returns the status. */
  async function check(opts: InjectOptions & { url: string }): Promise<number> {
    sent += 1;
    const res = await app.inject(opts);
    const label = `${opts.method} ${opts.url.slice(0, 200)}`;
    expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    const api = opts.url.startsWith(PREFIX);
    if (api && res.statusCode >= 400) {
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      const body = res.json() as { code?: unknown; message?: unknown };
      expect(typeof body.message, label).toBe('string');
      if (body.code !== undefined) expect(Object.keys(ERRORS), `${label}: ${res.body}`).toContain(String(body.code));
      else expect(uncoded(res.statusCode, String(body.message)), `${label}: ${res.body} needs a catalogue code`).toBe(true);
    }
    const now = await snapshot();
    if (res.statusCode >= 300) expect(now === last, `${label} answered ${res.statusCode} but changed data`).toBe(true);
    last = now;
    return res.statusCode;
  }

  // ---- Generators ----

  const junkText = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-0',
      '-1',
      '1e3',
      '1.5',
      'NaN',
      'Infinity',
      'null',
      'true',
      '[]',
      '{}',
      '%',
      '%00',
      '%ZZ',
      '..',
      '../..',
      '99999999999999999999',
      '2147483648',
      '-2147483649',
      '9007199254740993',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '\u0000',
      '\uffff',
      'a'.repeat(300),
      '0001-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
      'now+7d',
      '#12',
    ),
  );
  const idText = fc.oneof(fc.constantFrom(...['1', '2', '3']), fc.integer({ min: -5, max: 40 }).map(String), junkText);
  const anyValue = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(1e300, -1e300, 1e20, 2 ** 31, -(2 ** 31) - 1, 0.1, -0.5, 6, 1.5),
    junkText,
    fc.array(fc.oneof(fc.constant(null), fc.integer(), junkText), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('id', 'title', 'x'), fc.oneof(fc.integer(), junkText, fc.constant(null)), { maxKeys: 3 }),
  );
  const FIELDS = [
    'title',
    'description',
    'done',
    'due_date',
    'start_date',
    'end_date',
    'reminder_dates',
    'repeat_after',
    'repeat_mode',
    'priority',
    'percent_done',
    'hex_color',
    'position',
    'kanban_position',
    'bucket_id',
    'list_id',
    'assignees',
    'labels',
    'is_favorite',
    'task_ids',
    'namespace_id',
    'identifier',
    'is_archived',
    'right',
    'username',
    'password',
    'email',
    'name',
    'filters',
    'limit',
    'is_done_bucket',
    'label_id',
    'user_id',
    'other_task_id',
    'relation_kind',
    'comment',
    'passcode',
    'old_password',
    'new_password',
    'new_email',
    'avatar_provider',
    'team_id',
    'admin',
    'settings',
    'long_token',
    'totp_passcode',
    'token',
    'cover_image_attachment_id',
  ];
  const objectBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), anyValue, { maxKeys: 6 });
  const rawBody = fc.oneof(
    objectBody.map((o) => JSON.stringify(o)),
    fc.json({ maxDepth: 3 }),
    fc.constantFrom(
      '',
      '{',
      '[',
      '{"title":',
      'null',
      '"x"',
      '12',
      '[1,2,3]',
      '{"a":1}}',
      '\u0000',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      JSON.stringify({ task_ids: Array.from({ length: 2000 }, (_, i) => i) }),
    ),
    fc.string({ maxLength: 60 }),
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=zz',
    'application/xml',
    'image/png',
    '',
    'invalid',
  );
  const QUERY_KEYS = [
    'page',
    'per_page',
    's',
    'sort_by',
    'order_by',
    'filter_by',
    'filter_value',
    'filter_comparator',
    'filter_concat',
    'filter_include_nulls',
    'is_archived',
    'size',
    'p',
    'truncate',
    'sort_by[]',
    'filter_by[]',
  ];
  const queryString = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), junkText, fc.boolean()), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v, raw]) => (raw ? `${k}=${v.replace(/[#&?\s]/g, '')}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join('&'));
  const authHeader = (tokens: World['tokens']) =>
    fc.oneof(
      fc.constantFrom(`Bearer ${tokens.owner}`, `Bearer ${tokens.read}`, `Bearer ${tokens.linkWrite}`, `Bearer ${tokens.stranger}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Bearer x.y.z', 'Basic dXNlcjpwYXNz', 'bearer  ' + tokens.read, `Bearer ${tokens.owner}x`, ''),
      fc.string({ maxLength: 30 }),
    );
  const route = () => fc.constantFrom(...routes);
  const fillPath = (path: string, ids: string[]) => {
    let i = 0;
    return path.replace(/:(\w+)/g, () => encodeURIComponent(ids[i++ % ids.length] ?? '1'));
  };
  const needsBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

  it('bodies: 500 malformed JSON and typed-wrong bodies on every route with a body', async () => {
    await fc.assert(
      fc.asyncProperty(
        route(),
        fc.array(fc.constantFrom(...existingIds), { minLength: 3, maxLength: 3 }),
        rawBody,
        contentType,
        fc.boolean(),
        async (r, ids, body, type, owner) => {
          const method = needsBody(r.method) ? r.method : 'POST';
          const url = `${PREFIX}${fillPath(r.path, ids)}`;
          const headers: Record<string, string> = { authorization: `Bearer ${owner ? w.tokens.owner : w.tokens.write}` };
          if (type) headers['content-type'] = type;
          await check({ method: method as InjectOptions['method'], url, headers, payload: body });
        },
      ),
      { seed: SEED, numRuns: 500, endOnFailure: true },
    );
  }, 120_000);

  it('query strings: 300 malformed queries on every route', async () => {
    await fc.assert(
      fc.asyncProperty(route(), fc.array(fc.constantFrom(...existingIds), { minLength: 3, maxLength: 3 }), queryString, async (r, ids, q) => {
        // Reads mostly: a fuzzed query on a write route still goes through its validation.
        const url = `${PREFIX}${fillPath(r.path, ids)}?${q}`;
        await check({
          method: r.method as InjectOptions['method'],
          url,
          headers: { authorization: `Bearer ${w.tokens.read}` },
          payload: needsBody(r.method) ? {} : undefined,
        });
      }),
      { seed: SEED + 1, numRuns: 300, endOnFailure: true },
    );
  }, 120_000);

  it('ids: 300 nonsense path ids on every route with a parameter', async () => {
    const withParams = routes.filter((r) => r.path.includes(':'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParams), fc.array(idText, { minLength: 3, maxLength: 3 }), async (r, ids) => {
        const url = `${PREFIX}${fillPath(r.path, ids)}`;
        await check({
          method: r.method as InjectOptions['method'],
          url,
          headers: { authorization: `Bearer ${w.tokens.read}` },
          payload: needsBody(r.method) ? {} : undefined,
        });
      }),
      { seed: SEED + 2, numRuns: 300, endOnFailure: true },
    );
  }, 120_000);

  it('headers: 300 odd authorization, content and conditional headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        route(),
        fc.array(fc.constantFrom(...existingIds), { minLength: 3, maxLength: 3 }),
        authHeader(w.tokens),
        fc.dictionary(
          fc.constantFrom('if-match', 'if-none-match', 'accept', 'accept-encoding', 'accept-language', 'x-forwarded-for', 'origin', 'range', 'content-type'),
          junkText.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
          { maxKeys: 3 },
        ),
        async (r, ids, auth, extra) => {
          const url = `${PREFIX}${fillPath(r.path, ids)}`;
          const headers: Record<string, string> = { ...extra };
          if (auth) headers.authorization = auth.replace(/[^\x20-\x7e]/g, '');
          await check({ method: r.method as InjectOptions['method'], url, headers, payload: needsBody(r.method) ? '{}' : undefined });
        },
      ),
      { seed: SEED + 3, numRuns: 300, endOnFailure: true },
    );
  }, 120_000);

  it('CalDAV: 100 malformed WebDAV requests never give a 5xx', async () => {
    const basic = `Basic ${Buffer.from(`${w.users.owner.username}:${w.users.owner.password}`).toString('base64')}`;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PROPFIND', 'REPORT', 'PUT', 'DELETE', 'GET', 'MKCALENDAR', 'PROPPATCH', 'MOVE'),
        fc.constantFrom('/dav/', '/dav/principals/x/', `/dav/lists/${w.listId}/`, `/dav/lists/${w.listId}/x.ics`, '/dav/lists/abc/', '/dav/lists/99999999999/'),
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.constantFrom('<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop>', 'BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n', '<a><b></a>'),
        ),
        fc.constantFrom('0', '1', 'infinity', 'x', ''),
        async (method, url, body, depth) => {
          await check({
            method: method as InjectOptions['method'],
            url,
            headers: { authorization: basic, depth, 'content-type': 'application/xml' },
            payload: body,
          });
        },
      ),
      { seed: SEED + 4, numRuns: 100, endOnFailure: true },
    );
  }, 120_000);

  it('CalDAV: character references outside Unicode, or to characters XML forbids, answer 400', async () => {
    const basic = `Basic ${Buffer.from(`${w.users.owner.username}:${w.users.owner.password}`).toString('base64')}`;
    const outside = fc.oneof(
      fc.constantFrom('&#x110000;', '&#99999999999;', '&#xFFFFFFFFFFFFFFFF;', '&#1114112;', '&#0;', '&#x0;', '&#xD800;', '&#57343;', '&#xFFFE;', '&#1;'),
      fc.bigInt({ min: 0x110000n, max: 10n ** 30n }).map((n) => (n % 2n ? `&#${n};` : `&#x${n.toString(16)};`)),
    );
    const place = fc.constantFrom(
      (ref: string) => `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>${ref}</d:displayname></d:prop></d:propfind>`,
      (ref: string) => `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" a="${ref}"><d:allprop/></d:propfind>`,
      (ref: string) =>
        `<c:calendar-query xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:d="DAV:"><c:filter><c:comp-filter name="VCALENDAR">${ref}</c:comp-filter></c:filter></c:calendar-query>`,
      (ref: string) => `<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>x${ref}y</d:displayname></d:prop></d:set></d:propertyupdate>`,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PROPFIND', 'REPORT', 'PROPPATCH'),
        fc.constant(`/dav/lists/${w.listId}/`),
        outside,
        place,
        async (method, url, ref, body) => {
          const status = await check({
            method: method as InjectOptions['method'],
            url,
            headers: { authorization: basic, depth: '1', 'content-type': 'application/xml' },
            payload: body(ref),
          });
          expect(status, `${method} ${url} ${body(ref)}`).toBe(400);
        },
      ),
      { seed: SEED + 5, numRuns: 60, endOnFailure: true },
    );
  }, 120_000);

  it('id lists: 40,000 assignees or labels answer 400/2002 on every route that takes them, 1,000 are read', async () => {
    const task = await makeTask(app, w.tokens.owner, w.listId, { title: 'many people' });
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
    const sends: [InjectOptions['method'], string, (n: number) => unknown][] = [
      ['POST', `/tasks/${task.id}/assignees/bulk`, (n) => ({ assignees: many(n) })],
      ['POST', `/tasks/${task.id}/labels/bulk`, (n) => ({ labels: many(n) })],
      ['PUT', `/lists/${w.listId}`, (n) => ({ title: 'crowd', assignees: many(n) })],
      ['POST', `/tasks/${task.id}`, (n) => ({ title: 'many people', assignees: many(n) })],
      ['POST', '/tasks/bulk', (n) => ({ task_ids: [task.id], assignees: many(n) })],
    ];
    for (const [method, path, body] of sends) {
      for (const n of [1001, 40_000]) {
        const res = await call(app, method, path, { token: w.tokens.owner, body: body(n) });
        expect(res.statusCode, `${method} ${path} with ${n}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().code, `${method} ${path} with ${n}`).toBe(2002);
        expect(res.json().invalid_fields.join(' '), `${method} ${path}`).toMatch(/at most 1000/);
        sent += 1;
      }
      // At the cap the list is read; the ids name nobody (or nothing) visible, which is a domain error, not 2002.
      const res = await call(app, method, path, { token: w.tokens.owner, body: body(1000) });
      expect(res.statusCode, `${method} ${path} with 1000: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.json().code, `${method} ${path} with 1000`).not.toBe(2002);
    }
  }, 120_000);

  it('sent at least 1,000 requests, covered every route, and the server still answers', async () => {
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(routes.length).toBeGreaterThan(80);
    expect((await call(app, 'GET', '/info')).statusCode).toBe(200);
    expect((await call(app, 'GET', `/lists/${w.listId}`, { token: w.tokens.admin })).statusCode).toBeLessThan(500);
  });
});
