// CalDAV: the iCalendar reader/writer and XML reader as units, and the /dav endpoint driven by the tsdav client.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDAVClient, type DAVCalendar } from 'tsdav';
import { createTestServer } from './helpers.js';
import { makeUser, makeNamespace, makeList, shareList, call, type TestUser } from './fixtures.js';
import {
  escapeText,
  unescapeText,
  foldLine,
  formatUtc,
  formatDate,
  parseDateValue,
  parseDuration,
  formatDuration,
  parseIcal,
  serializeIcal,
  splitTextList,
  prop,
} from '../../server/caldav/ical.js';
import { taskToIcal, parseVtodo, priorityToIcal, priorityFromIcal, repeatToRrule, rruleToRepeat } from '../../server/caldav/vtodo.js';
import { parseXml, child, NS } from '../../server/caldav/xml.js';
import type { TaskRow } from '../../server/tasks/serialize.js';

const enc = new TextEncoder();

describe('iCalendar text and lines', () => {
  it('escapes and unescapes backslash, semicolon, comma and newlines', () => {
    const raw = 'a\\b;c,d\ne\r\nf';
    const escaped = escapeText(raw);
    expect(escaped).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(unescapeText(escaped)).toBe('a\\b;c,d\ne\nf');
    expect(unescapeText('x\\Ny')).toBe('x\ny');
    expect(splitTextList('one,two\\,three,four\\;')).toEqual(['one', 'two,three', 'four;']);
  });

  it('folds at 75 octets without splitting multi-byte characters, and unfolding restores the line', () => {
    const line = `DESCRIPTION:${'ä€😀x'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(enc.encode(p).length).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const ascii = `X:${'a'.repeat(200)}`;
    expect(foldLine(ascii).split('\r\n')[0]).toHaveLength(75);
  });

  it('writes UTC date-times and dates, reads UTC, zoned, floating and date values', () => {
    expect(formatUtc('2024-03-05T07:08:09.123Z')).toBe('20240305T070809Z');
    expect(formatDate('2024-03-05T23:00:00Z')).toBe('20240305');
    expect(parseDateValue('20240305T070809Z')).toBe('2024-03-05T07:08:09.000Z');
    expect(parseDateValue('20240305')).toBe('2024-03-05T00:00:00.000Z');
    expect(parseDateValue('20240305T100000', { TZID: 'Europe/Berlin' })).toBe('2024-03-05T09:00:00.000Z');
    // Summer time in Berlin is UTC+2.
    expect(parseDateValue('20240705T100000', { TZID: 'Europe/Berlin' })).toBe('2024-07-05T08:00:00.000Z');
    expect(parseDateValue('20240305T100000', {}, 'America/New_York')).toBe('2024-03-05T15:00:00.000Z');
    expect(parseDateValue('20240305T100000', { TZID: 'Not/AZone' })).toBe('2024-03-05T10:00:00.000Z');
    expect(() => parseDateValue('2024-03-05')).toThrow();
  });

  it('reads and writes durations', () => {
    expect(parseDuration('-PT15M')).toBe(-15 * 60_000);
    expect(parseDuration('P1DT2H')).toBe((26 * 3600) * 1000);
    expect(parseDuration('P2W')).toBe(14 * 86400_000);
    expect(formatDuration(-15 * 60_000)).toBe('-PT15M');
    expect(formatDuration(26 * 3600_000 + 5000)).toBe('P1DT2H5S');
    expect(formatDuration(7 * 86400_000)).toBe('P1W');
    expect(() => parseDuration('P')).toThrow();
  });

  it('parses quoted parameters and round-trips a component tree', () => {
    const text = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nX-THING;A="x:y;z";B=1,2:val:ue\r\nSUMMARY:Lo\r\n ng\r\nEND:VTODO\r\nEND:VCALENDAR\r\n';
    const cal = parseIcal(text);
    const todo = cal.components[0];
    expect(prop(todo, 'X-THING')).toEqual({ name: 'X-THING', params: { A: 'x:y;z', B: '1,2' }, value: 'val:ue' });
    expect(prop(todo, 'SUMMARY')?.value).toBe('Long');
    const again = parseIcal(serializeIcal(cal));
    expect(again).toEqual(cal);
    expect(() => parseIcal('BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\n')).toThrow();
  });
});

function taskRow(over: Partial<TaskRow> = {}): TaskRow {
  return {
    id: 7, title: 'Pay rent; twice, maybe', description: 'line one\nline two \\ done', done: 0, done_at: null,
    due_date: '2024-05-01T10:00:00.000Z', list_id: 1, repeat_after: 604800, repeat_mode: 0, priority: 4,
    start_date: '2024-04-30T08:00:00.000Z', end_date: '2024-05-01T12:00:00.000Z', hex_color: '', percent_done: 0.5,
    index: 1, uid: 'abc-123', cover_image_attachment_id: 0, created_by_id: 1, bucket_id: 1, position: 0, kanban_position: 0,
    created: '2024-04-01T00:00:00.000Z', updated: '2024-04-02T00:00:00.000Z', ...over,
  };
}

describe('tasks as VTODO', () => {
  it('round-trips every mapped field', () => {
    const ics = taskToIcal({ task: taskRow(), reminders: ['2024-05-01T09:00:00.000Z', '2024-05-01T09:30:00.000Z'], labels: ['Home', 'a,b'] });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics).toContain('PRIORITY:2\r\n');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1\r\n');
    expect(ics).toContain('SUMMARY:Pay rent\\; twice\\, maybe\r\n');
    const f = parseVtodo(ics);
    expect(f).toEqual({
      uid: 'abc-123', title: 'Pay rent; twice, maybe', description: 'line one\nline two \\ done',
      due: '2024-05-01T10:00:00.000Z', start: '2024-04-30T08:00:00.000Z', end: '2024-05-01T12:00:00.000Z',
      done: false, priority: 4, repeatMode: 0, repeatAfter: 604800,
      reminders: ['2024-05-01T09:00:00.000Z', '2024-05-01T09:30:00.000Z'], labels: ['Home', 'a,b'], percentDone: 0.5,
      created: '2024-04-01T00:00:00.000Z',
    });
    const done = parseVtodo(taskToIcal({ task: taskRow({ done: 1, done_at: '2024-05-02T00:00:00.000Z', uid: '' }), reminders: [], labels: [] }));
    expect(done.done).toBe(true);
    expect(done.uid).toBe('keyflow-task-7');
  });

  it('maps priorities both ways and repeats to RRULE', () => {
    for (const p of [0, 1, 2, 3, 4, 5]) expect(priorityFromIcal(priorityToIcal(p))).toBe(p);
    expect(priorityToIcal(5)).toBe(1);
    expect(priorityToIcal(1)).toBe(9);
    expect([1, 2, 3, 4, 5, 6, 9].map(priorityFromIcal)).toEqual([5, 4, 3, 3, 2, 1, 1]);
    expect(repeatToRrule(0, 86400 * 3)).toBe('FREQ=DAILY;INTERVAL=3');
    expect(repeatToRrule(0, 5400)).toBe('FREQ=MINUTELY;INTERVAL=90');
    expect(repeatToRrule(1, 0)).toBe('FREQ=MONTHLY;INTERVAL=1');
    expect(repeatToRrule(0, 0)).toBeNull();
    expect(rruleToRepeat('FREQ=HOURLY;INTERVAL=2')).toEqual({ mode: 0, repeatAfter: 7200 });
    expect(rruleToRepeat('FREQ=MONTHLY')).toEqual({ mode: 1, repeatAfter: 0 });
    expect(rruleToRepeat('FREQ=DAILY;COUNT=3')).toEqual({ mode: 0, repeatAfter: 86400 });
  });

  it('reads relative alarms, DURATION, STATUS and DATE values from other clients', () => {
    const f = parseVtodo(
      [
        'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//EN', 'BEGIN:VTODO', 'UID:u1', 'SUMMARY:Call',
        'DTSTART;VALUE=DATE:20240601', 'DURATION:PT2H', 'DUE;TZID=Europe/Berlin:20240601T120000', 'STATUS:NEEDS-ACTION', 'COMPLETED:20240601T000000Z',
        'BEGIN:VALARM', 'TRIGGER;RELATED=END:-PT30M', 'ACTION:DISPLAY', 'END:VALARM',
        'BEGIN:VALARM', 'TRIGGER:PT0S', 'ACTION:DISPLAY', 'END:VALARM',
        'END:VTODO', 'END:VCALENDAR', '',
      ].join('\r\n'),
    );
    expect(f.start).toBe('2024-06-01T00:00:00.000Z');
    expect(f.end).toBe('2024-06-01T02:00:00.000Z');
    expect(f.due).toBe('2024-06-01T10:00:00.000Z');
    expect(f.done).toBe(false);
    expect(f.reminders).toEqual(['2024-06-01T00:00:00.000Z', '2024-06-01T09:30:00.000Z']);
    expect(() => parseVtodo('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n')).toThrow(/no VTODO/);
  });
});

describe('WebDAV XML reader', () => {
  it('resolves namespaces, default namespaces, entities and CDATA', () => {
    const doc = parseXml(`<?xml version="1.0"?><!-- hi --><D:propfind xmlns:D="DAV:" xmlns="urn:ietf:params:xml:ns:caldav">
      <D:prop><D:displayname/><calendar-data a="1&amp;2"/><x:y xmlns:x="urn:z">a &lt; b<![CDATA[<c>]]></x:y></D:prop></D:propfind>`);
    expect(doc).toMatchObject({ ns: NS.dav, name: 'propfind' });
    const p = child(doc, NS.dav, 'prop');
    expect(p?.children.map((c) => [c.ns, c.name])).toEqual([[NS.dav, 'displayname'], [NS.caldav, 'calendar-data'], ['urn:z', 'y']]);
    expect(p?.children[1].attrs.a).toBe('1&2');
    expect(p?.children[2].text).toBe('a < b<c>');
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<p:a/>')).toThrow();
  });
});

describe('CalDAV endpoint with tsdav', () => {
  let app: FastifyInstance;
  let base: string;
  let u: TestUser;
  let other: TestUser;
  let caldavToken: string;
  let listId: number;
  let sharedReadId: number;
  let otherListId: number;
  let archivedListId: number;

  const client = (username: string, password: string) =>
    createDAVClient({ serverUrl: `${base}/dav/`, credentials: { username, password }, authMethod: 'Basic', defaultAccountType: 'caldav' });
  const todoFilter = [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VTODO' } } } }];
  const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

  beforeAll(async () => {
    app = await createTestServer();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${addr.port}`;
    u = await makeUser(app);
    other = await makeUser(app);
    const ns = await makeNamespace(app, u.id);
    listId = (await makeList(app, u.id, ns, { title: 'Errands' })).id;
    await app.ctx.db.updateTable('lists').set({ hex_color: '1973ff' }).where('id', '=', listId).execute();
    archivedListId = (await makeList(app, u.id, ns, { title: 'Old stuff', archived: true })).id;
    const otherNs = await makeNamespace(app, other.id);
    otherListId = (await makeList(app, other.id, otherNs, { title: 'Secret plans' })).id;
    sharedReadId = (await makeList(app, other.id, otherNs, { title: 'Shared read-only' })).id;
    await shareList(app, sharedReadId, u.id, 0);
    let res = await call(app, 'PUT', `/lists/${listId}`, { token: u.token, body: { title: 'Buy milk', due_date: '2030-01-02T10:00:00Z', priority: 3 } });
    expect(res.statusCode).toBe(201);
    res = await call(app, 'PUT', `/lists/${listId}`, { token: u.token, body: { title: 'Water plants', description: 'all of them', reminder_dates: ['2030-01-01T08:00:00Z'] } });
    expect(res.statusCode).toBe(201);
    res = await call(app, 'PUT', `/lists/${otherListId}`, { token: other.token, body: { title: 'Not for you' } });
    expect(res.statusCode).toBe(201);
    res = await call(app, 'PUT', `/lists/${sharedReadId}`, { token: other.token, body: { title: 'Look only' } });
    expect(res.statusCode).toBe(201);
    res = await call(app, 'PUT', '/user/settings/token/caldav', { token: u.token });
    expect(res.statusCode).toBe(201);
    caldavToken = res.json().token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('discovers the principal and home, lists reachable calendars and reads tasks as VTODOs', async () => {
    const dav = await client(u.username, caldavToken);
    const calendars = await dav.fetchCalendars();
    const names = calendars.map((c) => c.displayName).sort();
    expect(names).toEqual(['Errands', 'Shared read-only']);
    const cal = calendars.find((c) => c.displayName === 'Errands') as DAVCalendar;
    expect(cal.url).toBe(`${base}/dav/lists/${listId}/`);
    expect(cal.components).toEqual(['VTODO']);
    expect(cal.calendarColor).toBe('#1973FF');
    expect(cal.ctag).toBeTruthy();
    expect(cal.reports).toEqual(expect.arrayContaining(['calendarQuery', 'calendarMultiget']));

    const objects = await dav.fetchCalendarObjects({ calendar: cal, filters: todoFilter });
    expect(objects).toHaveLength(2);
    // CRLF line ends survive the trip through XML.
    expect(String(objects[0].data)).toContain('\r\nEND:VTODO\r\n');
    const parsed = objects.map((o) => ({ url: o.url, etag: o.etag, f: parseVtodo(String(o.data)) }));
    const milk = parsed.find((p) => p.f.title === 'Buy milk');
    expect(milk?.f.due).toBe('2030-01-02T10:00:00.000Z');
    expect(milk?.f.priority).toBe(3);
    expect(milk?.etag).toMatch(/^".+"$/);
    const water = parsed.find((p) => p.f.title === 'Water plants');
    expect(water?.f.description).toBe('all of them');
    expect(water?.f.reminders).toEqual(['2030-01-01T08:00:00.000Z']);

    // The default VEVENT filter of tsdav matches nothing: these are tasks.
    expect(await dav.fetchCalendarObjects({ calendar: cal })).toEqual([]);

    // The account password works for local users too.
    const byPassword = await client(u.username, u.password);
    expect((await byPassword.fetchCalendars()).length).toBe(2);
  });

  it('creates, updates (completing) and deletes tasks through the client', async () => {
    const dav = await client(u.username, caldavToken);
    const cal = (await dav.fetchCalendars()).find((c) => c.displayName === 'Errands') as DAVCalendar;
    const ctagBefore = cal.ctag;
    const ics = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//tsdav//EN', 'BEGIN:VTODO', 'UID:new-task-1', 'DTSTAMP:20300101T000000Z',
      'SUMMARY:Fix the bike', 'DESCRIPTION:Chain\\, brakes', 'DUE:20300105T170000Z', 'DTSTART:20300104T090000Z', 'PRIORITY:1',
      'RRULE:FREQ=DAILY;INTERVAL=2', 'CATEGORIES:Garage,Outdoor', 'BEGIN:VALARM', 'TRIGGER;RELATED=END:-PT1H', 'ACTION:DISPLAY',
      'DESCRIPTION:Bike', 'END:VALARM', 'END:VTODO', 'END:VCALENDAR', '',
    ].join('\r\n');
    const created = await dav.createCalendarObject({ calendar: cal, filename: 'new-task-1.ics', iCalString: ics });
    expect(created.status).toBe(201);

    const row = await app.ctx.db.selectFrom('tasks').selectAll().where('uid', '=', 'new-task-1').executeTakeFirstOrThrow();
    let res = await call(app, 'GET', `/tasks/${row.id}`, { token: u.token });
    expect(res.statusCode).toBe(200);
    let task = res.json();
    expect(task).toMatchObject({
      title: 'Fix the bike', description: 'Chain, brakes', due_date: '2030-01-05T17:00:00.000Z', start_date: '2030-01-04T09:00:00.000Z',
      priority: 5, repeat_after: 172800, repeat_mode: 0, done: false, list_id: listId, reminder_dates: ['2030-01-05T16:00:00.000Z'],
    });
    expect(task.labels.map((l: { title: string }) => l.title).sort()).toEqual(['Garage', 'Outdoor']);
    // A second task with an existing label reuses it instead of making another.
    const labelsBefore = await app.ctx.db.selectFrom('labels').select('id').where('created_by_id', '=', u.id).execute();
    expect(labelsBefore).toHaveLength(2);

    const calAfter = (await dav.fetchCalendars()).find((c) => c.displayName === 'Errands') as DAVCalendar;
    expect(calAfter.ctag).not.toBe(ctagBefore);

    // Creating the same resource again with If-None-Match: * fails.
    expect((await dav.createCalendarObject({ calendar: cal, filename: 'new-task-1.ics', iCalString: ics })).status).toBe(412);

    let [obj] = await dav.fetchCalendarObjects({ calendar: cal, objectUrls: [`${cal.url}new-task-1.ics`] });
    expect(obj.etag).toBeTruthy();
    // Marking it done: the repeating task is rescheduled by the same rule the API applies.
    const doneIcs = String(obj.data)
      .replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED\r\nCOMPLETED:20300103T000000Z')
      .replace(/RRULE:[^\r\n]+\r\n/, '')
      .replace(/CATEGORIES:[^\r\n]+/, 'CATEGORIES:Garage');
    // A stale ETag is refused.
    const stale = await dav.updateCalendarObject({ calendarObject: { ...obj, data: doneIcs, etag: '"nope"' } });
    expect(stale.status).toBe(412);
    const updated = await dav.updateCalendarObject({ calendarObject: { ...obj, data: doneIcs } });
    expect(updated.status).toBe(204);
    res = await call(app, 'GET', `/tasks/${row.id}`, { token: u.token });
    task = res.json();
    expect(task.done).toBe(true);
    expect(task.done_at).not.toBe('0001-01-01T00:00:00Z');
    expect(task.repeat_after).toBe(0);
    expect(task.labels.map((l: { title: string }) => l.title)).toEqual(['Garage']);

    [obj] = await dav.fetchCalendarObjects({ calendar: cal, objectUrls: [`${cal.url}new-task-1.ics`] });
    expect(parseVtodo(String(obj.data)).done).toBe(true);
    const deleted = await dav.deleteCalendarObject({ calendarObject: obj });
    expect(deleted.status).toBe(204);
    res = await call(app, 'GET', `/tasks/${row.id}`, { token: u.token });
    expect(res.statusCode).toBe(404);
    const after = await dav.fetchCalendarObjects({ calendar: cal, filters: todoFilter });
    expect(after.map((o) => parseVtodo(String(o.data)).title).sort()).toEqual(['Buy milk', 'Water plants']);
  });

  it('edits a task made in the app through its derived resource name', async () => {
    const dav = await client(u.username, caldavToken);
    const cal = (await dav.fetchCalendars()).find((c) => c.displayName === 'Errands') as DAVCalendar;
    const objects = await dav.fetchCalendarObjects({ calendar: cal, filters: todoFilter });
    const milk = objects.find((o) => String(o.data).includes('SUMMARY:Buy milk'));
    if (!milk) throw new Error('missing');
    expect(milk.url).toMatch(/\/keyflow-task-\d+\.ics$/);
    const res = await dav.updateCalendarObject({ calendarObject: { ...milk, data: String(milk.data).replace('SUMMARY:Buy milk', 'SUMMARY:Buy oat milk') } });
    expect(res.status).toBe(204);
    const id = Number(/keyflow-task-(\d+)/.exec(milk.url)?.[1]);
    const task = (await call(app, 'GET', `/tasks/${id}`, { token: u.token })).json();
    expect(task.title).toBe('Buy oat milk');
    expect(task.due_date).toBe('2030-01-02T10:00:00.000Z');
  });

  it('reschedules a repeating task completed by a client, and moves tasks between lists', async () => {
    // The settings page gives clients the principal URL; that works as the server URL too.
    const dav = await createDAVClient({
      serverUrl: `${base}/dav/principals/${u.username}/`, credentials: { username: u.username, password: caldavToken }, authMethod: 'Basic', defaultAccountType: 'caldav',
    });
    const cal = (await dav.fetchCalendars()).find((c) => c.displayName === 'Errands') as DAVCalendar;
    const res = await call(app, 'PUT', `/lists/${listId}`, { token: u.token, body: { title: 'Daily stretch', due_date: '2030-03-01T07:00:00Z', repeat_after: 86400 } });
    const id = res.json().id as number;
    let [obj] = await dav.fetchCalendarObjects({ calendar: cal, objectUrls: [`${cal.url}keyflow-task-${id}.ics`] });
    expect(String(obj.data)).toContain('RRULE:FREQ=DAILY;INTERVAL=1');
    const done = String(obj.data).replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED');
    expect((await dav.updateCalendarObject({ calendarObject: { ...obj, data: done } })).status).toBe(204);
    let task = (await call(app, 'GET', `/tasks/${id}`, { token: u.token })).json();
    expect(task.done).toBe(false);
    expect(Date.parse(task.due_date)).toBeGreaterThanOrEqual(Date.parse('2030-03-02T07:00:00Z'));

    // A long SUMMARY is cut to the API's 250 characters instead of failing the save.
    [obj] = await dav.fetchCalendarObjects({ calendar: cal, objectUrls: [`${cal.url}keyflow-task-${id}.ics`] });
    const long = String(obj.data).replace('SUMMARY:Daily stretch', `SUMMARY:${'s'.repeat(300)}`);
    expect((await dav.updateCalendarObject({ calendarObject: { ...obj, data: long } })).status).toBe(204);
    task = (await call(app, 'GET', `/tasks/${id}`, { token: u.token })).json();
    expect(task.title).toBe('s'.repeat(250));

    // MOVE to another writable list keeps the task (same id), under the destination name.
    const ns = await makeNamespace(app, u.id);
    const second = (await makeList(app, u.id, ns, { title: 'Someday' })).id;
    const auth = { authorization: basic(u.username, caldavToken) };
    const move = await fetch(`${base}/dav/lists/${listId}/keyflow-task-${id}.ics`, { method: 'MOVE', headers: { ...auth, destination: `${base}/dav/lists/${second}/stretch.ics` } });
    expect(move.status).toBe(201);
    task = (await call(app, 'GET', `/tasks/${id}`, { token: u.token })).json();
    expect(task.list_id).toBe(second);
    const moved = await fetch(`${base}/dav/lists/${second}/stretch.ics`, { headers: auth });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain('UID:stretch');
    // Not into a read-only list.
    const denied = await fetch(`${base}/dav/lists/${second}/stretch.ics`, { method: 'MOVE', headers: { ...auth, destination: `/dav/lists/${sharedReadId}/stretch.ics` } });
    expect(denied.status).toBe(403);
  });

  it('keeps other users out and refuses writes without the right', async () => {
    // Wrong token → 401 with a Basic challenge.
    const bad = await fetch(`${base}/dav/lists/`, { method: 'PROPFIND', headers: { authorization: basic(u.username, 'wrong'), depth: '1' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Basic realm="Keyflow CalDAV"/);
    expect((await fetch(`${base}/dav/`, { method: 'PROPFIND' })).status).toBe(401);
    await expect(client(u.username, 'wrong')).rejects.toThrow();
    // Someone else's token does not work for this user.
    const otherToken = (await call(app, 'PUT', '/user/settings/token/caldav', { token: other.token })).json().token;
    expect((await fetch(`${base}/dav/`, { method: 'PROPFIND', headers: { authorization: basic(u.username, otherToken) } })).status).toBe(401);

    const auth = { authorization: basic(u.username, caldavToken) };
    // Another user's list is invisible.
    let res = await fetch(`${base}/dav/lists/${otherListId}/`, { method: 'PROPFIND', headers: { ...auth, depth: '1' } });
    expect(res.status).toBe(404);
    const taskOfOther = await app.ctx.db.selectFrom('tasks').select('id').where('list_id', '=', otherListId).executeTakeFirstOrThrow();
    res = await fetch(`${base}/dav/lists/${otherListId}/keyflow-task-${taskOfOther.id}.ics`, { headers: auth });
    expect(res.status).toBe(404);
    res = await fetch(`${base}/dav/principals/${other.username}/`, { method: 'PROPFIND', headers: auth });
    expect(res.status).toBe(404);

    const todo = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:ro-1\r\nSUMMARY:Sneaky\r\nEND:VTODO\r\nEND:VCALENDAR\r\n';
    // Read-only share: readable, but PUT and DELETE are 403.
    res = await fetch(`${base}/dav/lists/${sharedReadId}/`, { method: 'PROPFIND', headers: { ...auth, depth: '1' } });
    expect(res.status).toBe(207);
    const sharedXml = await res.text();
    expect(sharedXml).toContain('.ics');
    expect(sharedXml).toContain('<d:privilege><d:read/></d:privilege>');
    expect(sharedXml).not.toContain('<d:write/>');
    res = await fetch(`${base}/dav/lists/${sharedReadId}/ro-1.ics`, { method: 'PUT', headers: { ...auth, 'content-type': 'text/calendar' }, body: todo });
    expect(res.status).toBe(403);
    const shared = await app.ctx.db.selectFrom('tasks').select('id').where('list_id', '=', sharedReadId).executeTakeFirstOrThrow();
    res = await fetch(`${base}/dav/lists/${sharedReadId}/keyflow-task-${shared.id}.ics`, { method: 'DELETE', headers: auth });
    expect(res.status).toBe(403);
    // Archived list: not offered as a calendar, and not writable.
    res = await fetch(`${base}/dav/lists/${archivedListId}/ro-1.ics`, { method: 'PUT', headers: { ...auth, 'content-type': 'text/calendar' }, body: todo });
    expect(res.status).toBe(403);
    // A VEVENT is not a task.
    res = await fetch(`${base}/dav/lists/${listId}/ev.ics`, {
      method: 'PUT', headers: { ...auth, 'content-type': 'text/calendar' },
      body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:ev\r\nSUMMARY:Party\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('supported-calendar-component');
    expect((await app.ctx.db.selectFrom('tasks').select('id').where('uid', 'in', ['ro-1', 'ev']).execute())).toEqual([]);
  });

  it('answers OPTIONS, GET with ETags, and the well-known redirect', async () => {
    let res = await fetch(`${base}/dav/`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.get('dav')).toBe('1, 3, calendar-access');
    expect(res.headers.get('allow')).toContain('PROPFIND');
    res = await fetch(`${base}/.well-known/caldav`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/dav/');

    const auth = { authorization: basic(u.username, caldavToken) };
    const t = await app.ctx.db.selectFrom('tasks').select('id').where('list_id', '=', listId).orderBy('id').executeTakeFirstOrThrow();
    const url = `${base}/dav/lists/${listId}/keyflow-task-${t.id}.ics`;
    res = await fetch(url, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const etag = res.headers.get('etag') ?? '';
    expect(await res.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    res = await fetch(url, { headers: { ...auth, 'if-none-match': etag } });
    expect(res.status).toBe(304);

    // The principal answers what discovery asks for.
    res = await fetch(`${base}/dav/principals/${u.username}/`, {
      method: 'PROPFIND', headers: { ...auth, depth: '0', 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/><d:displayname/><d:nope/></d:prop></d:propfind>',
    });
    expect(res.status).toBe(207);
    const xml = await res.text();
    const ms = parseXml(xml);
    const stats = ms.children[0].children.filter((c) => c.name === 'propstat');
    expect(stats).toHaveLength(2);
    expect(xml).toContain('<d:href>/dav/lists/</d:href>');
    expect(xml).toContain('404 Not Found');
  });

  it('filters calendar-query by time range and answers multiget for missing objects', async () => {
    const auth = { authorization: basic(u.username, caldavToken), 'content-type': 'application/xml', depth: '1' };
    const query = (range: string) =>
      `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>` +
      `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">${range}</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;
    // "Buy (oat) milk" is due 2030-01-02 10:00. "Water plants" has no dates, so by RFC 4791 §9.9 it overlaps
    // every range ending after its creation (now).
    let res = await fetch(`${base}/dav/lists/${listId}/`, { method: 'REPORT', headers: auth, body: query('<c:time-range start="20300102T000000Z" end="20300103T000000Z"/>') });
    expect(res.status).toBe(207);
    let text = await res.text();
    expect(text).toContain('Buy oat milk');
    res = await fetch(`${base}/dav/lists/${listId}/`, { method: 'REPORT', headers: auth, body: query('<c:time-range start="20290101T000000Z" end="20290201T000000Z"/>') });
    text = await res.text();
    expect(text).toContain('Water plants');
    expect(text).not.toContain('Buy oat milk');
    res = await fetch(`${base}/dav/lists/${listId}/`, { method: 'REPORT', headers: auth, body: query('<c:time-range start="20200101T000000Z" end="20200201T000000Z"/>') });
    text = await res.text();
    expect(text).not.toContain('BEGIN:VTODO');
    res = await fetch(`${base}/dav/lists/${listId}/`, {
      method: 'REPORT', headers: auth,
      body: query('<c:prop-filter name="SUMMARY"><c:text-match>WATER</c:text-match></c:prop-filter>'),
    });
    text = await res.text();
    expect(text).toContain('Water plants');
    expect(text).not.toContain('Buy oat milk');

    res = await fetch(`${base}/dav/lists/${listId}/`, {
      method: 'REPORT', headers: auth,
      body: `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><d:href>/dav/lists/${listId}/missing.ics</d:href></c:calendar-multiget>`,
    });
    expect(res.status).toBe(207);
    expect(await res.text()).toContain('HTTP/1.1 404 Not Found');

    // Properties can't be changed over CalDAV; each one is refused.
    res = await fetch(`${base}/dav/lists/${listId}/`, {
      method: 'PROPPATCH', headers: auth,
      body: '<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>New</d:displayname></d:prop></d:set></d:propertyupdate>',
    });
    expect(res.status).toBe(207);
    expect(await res.text()).toContain('403 Forbidden');
    expect((await fetch(`${base}/dav/lists/${listId}/`, { method: 'MKCALENDAR', headers: auth })).status).toBe(405);
    expect((await fetch(`${base}/dav/lists/${listId}/`, { method: 'REPORT', headers: auth, body: '<x/' })).status).toBe(400);

    // The principals collection shows the caller only.
    res = await fetch(`${base}/dav/principals/`, { method: 'PROPFIND', headers: auth });
    text = await res.text();
    expect(text).toContain(`/dav/principals/${u.username}/`);
    expect(text).not.toContain(other.username);
  });

  it('stops accepting a token as soon as it is deleted', async () => {
    const created = (await call(app, 'PUT', '/user/settings/token/caldav', { token: u.token })).json();
    const probe = () => fetch(`${base}/dav/`, { method: 'PROPFIND', headers: { authorization: basic(u.username, created.token), depth: '0' } });
    expect((await probe()).status).toBe(207);
    expect((await probe()).status).toBe(207);
    expect((await call(app, 'DELETE', `/user/settings/token/caldav/${created.id}`, { token: u.token })).statusCode).toBe(200);
    expect((await probe()).status).toBe(401);
    // The other token still works.
    expect((await fetch(`${base}/dav/`, { method: 'PROPFIND', headers: { authorization: basic(u.username, caldavToken), depth: '0' } })).status).toBe(207);
  });

  it('limits wrong credentials per client', async () => {
    const limited = await createTestServer({ rateLimit: 3 });
    const user = await makeUser(limited);
    const propfind = (secret: string) => limited.inject({ method: 'PROPFIND', url: '/dav/', headers: { authorization: basic(user.username, secret), depth: '0' } });
    for (let i = 0; i < 3; i++) expect((await propfind('wrong')).statusCode).toBe(401);
    // The fourth wrong attempt fills the window; from then on even the right password waits.
    expect((await propfind('wrong')).statusCode).toBe(401);
    const blocked = await propfind(user.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Requests without credentials are not counted.
    expect((await limited.inject({ method: 'OPTIONS', url: '/dav/' })).statusCode).toBe(200);
    await limited.close();
  });

  it('is absent when CalDAV is disabled', async () => {
    const off = await createTestServer({ caldavEnabled: false });
    const res = await off.inject({ method: 'GET', url: '/dav/' });
    expect(res.statusCode).toBe(404);
    await off.close();
  });
});
