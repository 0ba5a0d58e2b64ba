// CalDAV sync-collection (RFC 6578): a token per calendar, changes and removals since a token, and bad tokens refused.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDAVClient, type DAVCalendar } from 'tsdav';
import { createTestServer } from './helpers.js';
import { makeUser, makeNamespace, makeList, call, type TestUser } from './fixtures.js';
import { parseSyncToken, formatSyncToken, TOMBSTONE_TTL_MS } from '../../server/caldav/sync.js';
import { runDueJobs } from '../../server/jobs.js';

describe('CalDAV sync-collection', () => {
  let app: FastifyInstance;
  let base: string;
  let u: TestUser;
  let davToken: string;
  let listId: number;
  let otherListId: number;
  const ids: Record<string, number> = {};

  const auth = () => ({ authorization: `Basic ${Buffer.from(`${u.username}:${davToken}`).toString('base64')}`, 'content-type': 'application/xml' });
  const sync = (token: string, url = `${base}/dav/lists/${listId}/`) =>
    fetch(url, {
      method: 'REPORT',
      headers: auth(),
      body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
    });
  const tokenOf = (xml: string) => /<d:sync-token>([^<]*)<\/d:sync-token>\s*<\/d:multistatus>/.exec(xml)?.[1] ?? '';
  const hrefs = (xml: string, status: string) =>
    [...xml.matchAll(/<d:response>(.*?)<\/d:response>/gs)].filter((m) => m[1].includes(status)).map((m) => /<d:href>([^<]+)<\/d:href>/.exec(m[1])![1]);
  const pause = () => new Promise((r) => setTimeout(r, 5));

  beforeAll(async () => {
    app = await createTestServer();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${addr.port}`;
    u = await makeUser(app);
    const ns = await makeNamespace(app, u.id);
    listId = (await makeList(app, u.id, ns, { title: 'Errands' })).id;
    otherListId = (await makeList(app, u.id, ns, { title: 'Later' })).id;
    for (const title of ['Buy milk', 'Water plants', 'Call mum']) {
      const res = await call(app, 'PUT', `/lists/${listId}`, { token: u.token, body: { title } });
      expect(res.statusCode).toBe(201);
      ids[title] = res.json().id;
    }
    davToken = (await call(app, 'PUT', '/user/settings/token/caldav', { token: u.token })).json().token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads and checks tokens: only this list, well formed, not from the future', () => {
    const token = formatSyncToken(4, 1_700_000_000_000);
    expect(parseSyncToken(token, 4)).toBe(1_700_000_000_000);
    expect(parseSyncToken(token, 5)).toBeNull();
    expect(parseSyncToken('urn:keyflow:sync:abc', 4)).toBeNull();
    expect(parseSyncToken(formatSyncToken(4, Date.now() + 3_600_000), 4)).toBeNull();
  });

  it('announces the report and a token, and a real client syncs with it', async () => {
    const dav = await createDAVClient({ serverUrl: `${base}/dav/`, credentials: { username: u.username, password: davToken }, authMethod: 'Basic', defaultAccountType: 'caldav' });
    const cal = (await dav.fetchCalendars()).find((c) => c.displayName === 'Errands') as DAVCalendar;
    expect(cal.reports).toEqual(expect.arrayContaining(['syncCollection']));
    expect(cal.syncToken).toMatch(/^urn:keyflow:sync:\d+-\d+$/);
    const all = await dav.syncCollection({ url: cal.url, props: { 'd:getetag': {} }, syncLevel: 1, syncToken: '' });
    expect(all.filter((r) => r.href?.endsWith('.ics'))).toHaveLength(3);
    const none = await dav.syncCollection({ url: cal.url, props: { 'd:getetag': {} }, syncLevel: 1, syncToken: cal.syncToken });
    // Nothing changed since the token, except what shares its millisecond (sent again, harmlessly).
    expect(none.filter((r) => r.href?.endsWith('.ics')).length).toBeLessThanOrEqual(1);
  });

  it('answers with what changed and what left since a token, and a new token', async () => {
    let res = await sync('');
    expect(res.status).toBe(207);
    let xml = await res.text();
    expect(hrefs(xml, '200 OK')).toHaveLength(3);
    const first = tokenOf(xml);
    expect(first).toMatch(/^urn:keyflow:sync:/);

    await pause();
    expect((await call(app, 'POST', `/tasks/${ids['Buy milk']}`, { token: u.token, body: { title: 'Buy oat milk' } })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/tasks/${ids['Water plants']}`, { token: u.token })).statusCode).toBe(200);
    expect((await call(app, 'POST', `/tasks/${ids['Call mum']}`, { token: u.token, body: { title: 'Call mum', list_id: otherListId } })).statusCode).toBe(200);

    res = await sync(first);
    xml = await res.text();
    expect(res.status).toBe(207);
    const changed = hrefs(xml, '200 OK');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(new RegExp(`^/dav/lists/${listId}/.+\\.ics$`));
    expect(xml).toContain('getetag');
    const gone = hrefs(xml, '404 Not Found');
    expect(gone).toHaveLength(2);
    expect(gone.every((h) => h.startsWith(`/dav/lists/${listId}/`))).toBe(true);
    const second = tokenOf(xml);
    expect(second).not.toBe(first);

    // The moved task appears in the other list's changes.
    res = await sync('', `${base}/dav/lists/${otherListId}/`);
    expect(hrefs(await res.text(), '200 OK')).toHaveLength(1);

    // The token the collection shows is the one the report ended with.
    res = await fetch(`${base}/dav/lists/${listId}/`, { method: 'PROPFIND', headers: { ...auth(), depth: '0' }, body: '<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>' });
    expect(await res.text()).toContain(second);
  });

  it('reports the tasks of a label that is renamed or deleted, whose CATEGORIES changed', async () => {
    const taskId = ids['Buy milk'];
    const label = (await call(app, 'PUT', '/labels', { token: u.token, body: { title: 'errand' } })).json();
    expect((await call(app, 'PUT', `/tasks/${taskId}/labels`, { token: u.token, body: { label_id: label.id } })).statusCode).toBe(201);
    await pause();
    const before = tokenOf(await (await sync('')).text());
    await pause();
    // A colour change leaves the VTODO as it was; a rename does not.
    expect((await call(app, 'POST', `/labels/${label.id}`, { token: u.token, body: { title: 'errand', hex_color: 'ff0000' } })).statusCode).toBe(200);
    expect(tokenOf(await (await sync('')).text())).toBe(before);
    expect((await call(app, 'POST', `/labels/${label.id}`, { token: u.token, body: { title: 'shopping' } })).statusCode).toBe(200);
    let xml = await (await sync(before)).text();
    expect(hrefs(xml, '200 OK').filter((h) => h.endsWith('.ics'))).toHaveLength(1);
    const afterRename = tokenOf(xml);
    expect(afterRename).not.toBe(before);
    await pause();
    expect((await call(app, 'DELETE', `/labels/${label.id}`, { token: u.token })).statusCode).toBe(200);
    xml = await (await sync(afterRename)).text();
    expect(tokenOf(xml)).not.toBe(afterRename);
    expect(hrefs(xml, '200 OK').filter((h) => h.endsWith('.ics'))).toHaveLength(1);
    const ics = await (await fetch(`${base}${hrefs(xml, '200 OK').find((h) => h.endsWith('.ics'))}`, { headers: auth() })).text();
    expect(ics).not.toContain('shopping');
  });

  it('refuses a token that is not this calendar’s with DAV:valid-sync-token, and other sync levels', async () => {
    let res = await sync(formatSyncToken(otherListId, Date.now() - 1000));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('valid-sync-token');
    res = await sync('http://example.com/not-ours');
    expect(res.status).toBe(403);
    res = await fetch(`${base}/dav/lists/${listId}/`, {
      method: 'REPORT',
      headers: auth(),
      body: '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>infinite</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>',
    });
    expect(res.status).toBe(403);
  });
  it('forgets departures after the retention, refusing only the tokens from before what it forgot', async () => {
    const current = tokenOf(await (await sync('')).text());
    const ancient = formatSyncToken(listId, Date.now() - 3_600_000);
    expect((await sync(ancient)).status).toBe(207);
    const report = await runDueJobs(app.ctx, new Date(Date.now() + TOMBSTONE_TTL_MS + 86_400_000));
    expect(report.prunedTombstones).toBeGreaterThan(0);
    const kept = await app.ctx.db.selectFrom('task_tombstones').select('uid').where('list_id', '=', listId).execute();
    expect(kept).toEqual([{ uid: '' }]);

    const refused = await sync(ancient);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('valid-sync-token');
    // The token the calendar shows now still works, and the marker is never reported as a departure.
    const res = await sync(current);
    expect(res.status).toBe(207);
    const xml = await res.text();
    expect(hrefs(xml, '404 Not Found')).toEqual([]);
    expect(tokenOf(xml)).toBe(current);
    await runDueJobs(app.ctx, new Date(Date.now() + TOMBSTONE_TTL_MS + 86_400_000));
    expect(await app.ctx.db.selectFrom('task_tombstones').select('uid').where('list_id', '=', listId).execute()).toEqual([{ uid: '' }]);
  });
});
