// The outbox queue: order, backoff on network failures, temporary ids, refusals kept or told, and two tabs sharing one.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/apiError';
import { isNetworkError } from '../../../src/api/networkError';
import { taskFromApi, type Task } from '../../../src/api/tasks';
import { Outbox, type OutboxMessage } from '../../../src/outbox/outbox';
import { memoryStorage } from '../../../src/outbox/memoryStorage';
import type { OutboxStorage, Write } from '../../../src/outbox/types';

/** The task a write is about (every write of these tests has one). */
const taskOf = (write: Write): number => ('taskId' in write ? write.taskId : NaN);

const task = (id: number, title = `task ${id}`, extra: Partial<Task> = {}): Task => ({ ...taskFromApi({ id, title, list_id: 1, updated: '2026-01-01T00:00:00Z' }), ...extra });
const networkDown = () => new ApiError({ status: 0, message: '[POST] "/api/v1/tasks/1": <no response> Failed to fetch' });
const refused = (status = 400, message = 'The task title is too long.') => new ApiError({ status, code: 2001, message, fromServer: true });

/** A server stand-in: records what it was sent; `down` makes every request fail for the network. */
function fakeServer() {
  let nextId = 100;
  const sent: Write[] = [];
  const refuse = new Set<string>();
  const server = {
    sent,
    down: false,
    refuse,
    send: vi.fn(async (write: Write): Promise<unknown> => {
      await Promise.resolve();
      if (server.down) throw networkDown();
      sent.push(write);
      if (refuse.has(`${write.kind}:${write.kind === 'labelCreate' ? write.fields.title : taskOf(write)}`)) throw refused();
      if (write.kind === 'create') return task(nextId++, String(write.fields.title));
      if (write.kind === 'labelCreate') return { id: nextId++, title: write.fields.title };
      if (write.kind === 'commentAdd') return { id: nextId++, comment: write.text };
      if (write.kind === 'update') return { ...write.base, ...write.changes, updated: new Date(Date.parse('2026-02-01T00:00:00Z') + sent.length) };
      return undefined;
    }),
  };
  return server;
}

/** Timers run by hand: the test says when the backoff has passed. */
function manualTimers() {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    delays: [] as number[],
    setTimer(run: () => void, ms: number) {
      const timer = { run, ms };
      pending.push(timer);
      this.delays.push(ms);
      return timer;
    },
    clearTimer(timer: unknown) {
      const i = pending.indexOf(timer as (typeof pending)[number]);
      if (i >= 0) pending.splice(i, 1);
    },
    fire() {
      for (const timer of pending.splice(0)) timer.run();
    },
  };
}

async function settle(box: Outbox) {
  // Enough turns for the queue to finish what it can; no timers involved.
  for (let i = 0; i < 50; i += 1) await new Promise((r) => setTimeout(r, 0));
  return box.state;
}

function makeOutbox(opts: { storage?: OutboxStorage; online?: () => boolean } = {}) {
  const server = fakeServer();
  const timers = manualTimers();
  const box = new Outbox({
    storage: opts.storage ?? memoryStorage(),
    send: server.send,
    isOnline: opts.online ?? (() => true),
    backoff: (n) => 1000 * 2 ** (n - 1),
    setTimer: timers.setTimer.bind(timers),
    clearTimer: timers.clearTimer.bind(timers),
  });
  box.lead();
  return { box, server, timers };
}

describe('the outbox online', () => {
  it('answers each write with what the server answered, in the order they were made', async () => {
    const { box, server } = makeOutbox();
    const created = box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'Buy milk' } }, 'Buy milk');
    const labelled = box.submit({ kind: 'labelAdd', taskId: 7, labelId: 3 }, 'task 7');
    const updated = box.submit({ kind: 'update', taskId: 7, base: task(7), changes: { done: true } }, 'task 7');
    const c = await created;
    expect(c).toMatchObject({ sent: true, result: { id: 100, title: 'Buy milk' } });
    expect(await labelled).toMatchObject({ sent: true });
    expect(await updated).toMatchObject({ sent: true, result: { id: 7, done: true } });
    expect(server.sent.map((w) => w.kind)).toEqual(['create', 'labelAdd', 'update']);
    expect((await settle(box)).entries).toEqual([]);
  });

  it('rejects a refused write with the server error, as the request did, and keeps nothing of it', async () => {
    const { box, server } = makeOutbox();
    server.refuse.add('update:7');
    const err = await box.submit({ kind: 'update', taskId: 7, base: task(7), changes: { title: 'x'.repeat(300) } }, 'task 7').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((await settle(box)).entries).toEqual([]);
  });
});

describe('the outbox without a network', () => {
  it('lets the action go on with its local value, keeps the write, and tries again with growing pauses', async () => {
    const { box, server, timers } = makeOutbox();
    server.down = true;
    const outcome = await box.submit({ kind: 'update', taskId: 7, base: task(7), changes: { done: true } }, 'task 7');
    expect(outcome.sent).toBe(false);
    let state = await settle(box);
    expect(state.stalled).toBe(true);
    expect(state.entries).toHaveLength(1);
    expect(state.entries[0]).toMatchObject({ state: 'queued', deferred: true, title: 'task 7' });

    // While stalled, a new write waits in the outbox at once (the action is not kept waiting for the network).
    expect((await box.submit({ kind: 'delete', taskId: 8 }, 'task 8')).sent).toBe(false);

    timers.fire();
    await settle(box);
    timers.fire();
    await settle(box);
    expect(timers.delays).toEqual([1000, 2000, 4000]);
    expect(box.state.entries).toHaveLength(2);

    const acked: Write[] = [];
    box.onAcked((w) => acked.push(w));
    server.down = false;
    timers.fire();
    state = await settle(box);
    expect(state.entries).toEqual([]);
    expect(state.stalled).toBe(false);
    expect(server.sent.map((w) => `${w.kind}:${taskOf(w)}`)).toEqual(['update:7', 'delete:8']);
    // Nobody waited for them any more: the store hears the acknowledgements instead.
    expect(acked.map((w) => w.kind)).toEqual(['update', 'delete']);
  });

  it('resets the pause and sends at once when woken (the browser is online again)', async () => {
    const { box, server, timers } = makeOutbox();
    server.down = true;
    await box.submit({ kind: 'delete', taskId: 8 }, 'task 8');
    await settle(box);
    server.down = false;
    box.wake();
    expect((await settle(box)).entries).toEqual([]);
    expect(server.sent).toHaveLength(1);
    expect(timers.delays).toEqual([1000]);
  });

  it('gives an offline create a temporary id and rewrites the writes on it once the server has the real one', async () => {
    let online = false;
    const { box, server } = makeOutbox({ online: () => online });
    const created = await box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'Offline task' } }, 'Offline task');
    expect(created.sent).toBe(false);
    const tempId = taskOf(created.write);
    expect(tempId).toBeLessThan(0);
    const second = await box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'Another' } }, 'Another');
    expect(taskOf(second.write)).toBeLessThan(0);
    expect(taskOf(second.write)).not.toBe(tempId);

    const local = task(tempId, 'Offline task', { updated: null });
    await box.submit({ kind: 'update', taskId: tempId, base: local, changes: { title: 'Offline task, renamed' } }, 'Offline task');
    await box.submit({ kind: 'labelAdd', taskId: tempId, labelId: 4 }, 'Offline task');
    await box.submit({ kind: 'update', taskId: tempId, base: local, changes: { done: true } }, 'Offline task');

    online = true;
    box.wake();
    expect((await settle(box)).entries).toEqual([]);
    expect(server.sent.map((w) => `${w.kind}:${taskOf(w)}`)).toEqual(['create:' + tempId, 'create:' + taskOf(second.write), 'update:100', 'labelAdd:100', 'update:100']);
    const [, , rename, , done] = server.sent as Extract<Write, { kind: 'update' }>[];
    // The first edit is sent on the task the server created, the second on the copy the first edit saved.
    expect(rename.base).toMatchObject({ id: 100, title: 'Offline task' });
    expect(done.base).toMatchObject({ id: 100, title: 'Offline task, renamed' });
    expect({ ...done.base, ...done.changes }).toMatchObject({ title: 'Offline task, renamed', done: true });
  });

  it('keeps a refused write for the person, holds the later writes of that task, and sends everything else', async () => {
    let online = false;
    const { box, server } = makeOutbox({ online: () => online });
    await box.submit({ kind: 'update', taskId: 7, base: task(7), changes: { title: 'x'.repeat(300) } }, 'task 7');
    await box.submit({ kind: 'update', taskId: 7, base: task(7), changes: { done: true } }, 'task 7');
    await box.submit({ kind: 'update', taskId: 9, base: task(9), changes: { done: true } }, 'task 9');
    server.refuse.add('update:7');
    online = true;
    box.wake();
    let state = await settle(box);
    expect(server.sent.map((w) => `${w.kind}:${taskOf(w)}`)).toEqual(['update:7', 'update:9']);
    expect(state.entries.map((e) => [taskOf(e.write), e.state])).toEqual([
      [7, 'refused'],
      [7, 'queued'],
    ]);
    expect(state.entries[0].refusal).toEqual({ status: 400, code: 2001, message: 'The task title is too long.' });

    // Retry: refused again, still kept. Discard: the held write of the task goes out.
    await box.retry(state.entries[0].key);
    state = await settle(box);
    expect(state.entries[0].state).toBe('refused');
    server.refuse.clear();
    const dropped = await box.discard(state.entries[0].key);
    expect(dropped.map((e) => e.write.kind)).toEqual(['update']);
    state = await settle(box);
    expect(state.entries).toEqual([]);
    expect(server.sent.map((w) => `${w.kind}:${taskOf(w)}`)).toEqual(['update:7', 'update:9', 'update:7', 'update:7']);
    expect((server.sent[3] as Extract<Write, { kind: 'update' }>).changes).toEqual({ done: true });
  });

  it('discarding an offline create drops every write on its task', async () => {
    let online = false;
    const { box, server } = makeOutbox({ online: () => online });
    const created = await box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'x' } }, 'x');
    await box.submit({ kind: 'labelAdd', taskId: taskOf(created.write), labelId: 1 }, 'x');
    await box.submit({ kind: 'delete', taskId: 5 }, 'task 5');
    const [first] = (await settle(box)).entries;
    expect((await box.discard(first.key)).map((e) => e.write.kind)).toEqual(['create', 'labelAdd']);
    online = true;
    box.wake();
    await settle(box);
    expect(server.sent.map((w) => w.kind)).toEqual(['delete']);
  });
});

describe('two tabs on one outbox', () => {
  it('only the leading tab sends; a write made in the other is sent once and answered there', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const tabs: Outbox[] = [];
    // A BroadcastChannel between the two: a message reaches every tab but the one that posted it.
    const channel = (from: number) => ({
      postMessage: (m: OutboxMessage) => tabs.forEach((tab, i) => i !== from && queueMicrotask(() => tab.receive(structuredClone(m)))),
      close: () => undefined,
    });
    let online = true;
    for (let i = 0; i < 2; i += 1) tabs.push(new Outbox({ storage, send: server.send, channel: channel(i), isOnline: () => online, setTimer: () => null, clearTimer: () => undefined }));
    const [leader, follower] = tabs;
    leader.lead();

    const answer = await follower.submit({ kind: 'update', taskId: 3, base: task(3), changes: { priority: 4 } }, 'task 3');
    expect(answer).toMatchObject({ sent: true, result: { id: 3, priority: 4 } });

    online = false;
    await follower.submit({ kind: 'update', taskId: 3, base: task(3), changes: { done: true } }, 'task 3');
    await leader.submit({ kind: 'delete', taskId: 4 }, 'task 4');
    expect((await settle(follower)).entries).toHaveLength(2);
    const acked: string[] = [];
    follower.onAcked((w) => acked.push(`${w.kind}:${taskOf(w)}`));
    online = true;
    follower.wake();
    await settle(leader);
    await settle(follower);
    expect(server.sent.map((w) => `${w.kind}:${taskOf(w)}`)).toEqual(['update:3', 'update:3', 'delete:4']);
    expect(follower.state.entries).toEqual([]);
    expect(acked).toEqual(['update:3', 'delete:4']);
  });
});

describe('isNetworkError', () => {
  it('tells a request that got no answer from a refusal', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(networkDown())).toBe(true);
    expect(isNetworkError(new ApiError({ status: 503, message: 'Service Unavailable' }))).toBe(true);
    expect(isNetworkError(refused(404, 'The task does not exist.'))).toBe(false);
    expect(isNetworkError(refused(412, 'Changed meanwhile'))).toBe(false);
    expect(isNetworkError(new Error('boom'))).toBe(false);
  });
});

describe('writes beside the task: labels, comments, relations', () => {
  const describeWrite = (w: Write) => {
    const ids = Object.entries(w)
      .filter(([k]) => ['taskId', 'labelId', 'commentId', 'otherId'].includes(k))
      .map(([k, v]) => `${k}=${String(v)}`);
    return `${w.kind} ${ids.join(' ')}`;
  };

  it('an offline label, comment and relation on offline tasks go out in order with the real ids', async () => {
    let online = false;
    const { box, server } = makeOutbox({ online: () => online });
    const parent = await box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'Trip' } }, 'Trip');
    const child = await box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'Tickets' } }, 'Tickets');
    const label = await box.submit({ kind: 'labelCreate', labelId: 0, fields: { title: 'errand' } }, 'errand');
    const [p, c, l] = [parent.write.taskId, child.write.taskId, label.write.labelId];
    // Every create gets its own temporary id, from one counter.
    expect(new Set([p, c, l]).size).toBe(3);
    expect(Math.max(p, c, l)).toBeLessThan(0);
    await box.submit({ kind: 'labelAdd', taskId: c, labelId: l }, 'Tickets');
    await box.submit({ kind: 'relationAdd', taskId: c, otherId: p, relation: 'parenttask' }, 'Tickets');
    const comment = await box.submit({ kind: 'commentAdd', taskId: c, commentId: 0, text: 'Window seats' }, 'Tickets');
    await box.submit({ kind: 'commentUpdate', taskId: c, commentId: comment.write.commentId, text: 'Aisle seats' }, 'Tickets');

    online = true;
    box.wake();
    expect((await settle(box)).entries).toEqual([]);
    expect(server.sent.slice(0, 3).map(describeWrite)).toEqual([`create taskId=${p}`, `create taskId=${c}`, `labelCreate labelId=${l}`]);
    // The creates went out under their temporary ids (the server gives the real ones); everything after names the real ones.
    expect(server.sent.slice(3).map(describeWrite)).toEqual([
      'labelAdd taskId=101 labelId=102',
      'relationAdd taskId=101 otherId=100',
      'commentAdd taskId=101 commentId=' + comment.write.commentId,
      'commentUpdate taskId=101 commentId=103',
    ]);
  });

  it('a refused label holds the writes that name it; discarding it drops them, and the task goes on', async () => {
    let online = false;
    const { box, server } = makeOutbox({ online: () => online });
    const label = await box.submit({ kind: 'labelCreate', labelId: 0, fields: { title: 'x'.repeat(300) } }, 'long');
    await box.submit({ kind: 'labelAdd', taskId: 7, labelId: label.write.labelId }, 'task 7');
    await box.submit({ kind: 'update', taskId: 7, base: task(7), changes: { done: true } }, 'task 7');
    await box.submit({ kind: 'update', taskId: 9, base: task(9), changes: { done: true } }, 'task 9');
    server.refuse.add(`labelCreate:${'x'.repeat(300)}`);
    online = true;
    box.wake();
    let state = await settle(box);
    // Task 7's edit waits behind the label write it was made after; task 9 is not held up.
    expect(server.sent.map(describeWrite)).toEqual([`labelCreate labelId=${label.write.labelId}`, 'update taskId=9']);
    expect(state.entries.map((e) => [e.write.kind, e.state])).toEqual([
      ['labelCreate', 'refused'],
      ['labelAdd', 'queued'],
      ['update', 'queued'],
    ]);
    const dropped = await box.discard(state.entries[0].key);
    expect(dropped.map((e) => e.write.kind)).toEqual(['labelCreate', 'labelAdd']);
    state = await settle(box);
    expect(state.entries).toEqual([]);
    expect(server.sent.map(describeWrite).slice(2)).toEqual(['update taskId=7']);
  });

  it('discarding an offline task drops the relations naming it from either side', async () => {
    let online = false;
    const { box, server } = makeOutbox({ online: () => online });
    const created = await box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'new' } }, 'new');
    await box.submit({ kind: 'relationAdd', taskId: 5, otherId: created.write.taskId, relation: 'related' }, 'task 5');
    await box.submit({ kind: 'commentAdd', taskId: 5, commentId: 0, text: 'hi' }, 'task 5');
    const [first] = (await settle(box)).entries;
    expect((await box.discard(first.key)).map((e) => e.write.kind)).toEqual(['create', 'relationAdd']);
    online = true;
    box.wake();
    await settle(box);
    expect(server.sent.map((w) => w.kind)).toEqual(['commentAdd']);
  });

  it('a write stored with a temporary id after its create was acknowledged is sent with the real id', async () => {
    const storage = memoryStorage();
    const { box, server } = makeOutbox({ storage });
    const created = await box.submit({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'quick' } }, 'quick');
    expect(created).toMatchObject({ sent: true, result: { id: 100 } });
    // The view still showed the temporary id when the person added a label (the rename had not reached it).
    const tempId = created.write.taskId;
    const late = await box.submit({ kind: 'labelAdd', taskId: tempId, labelId: 3 }, 'quick');
    expect(late.sent).toBe(true);
    expect(server.sent.map(describeWrite)).toEqual([`create taskId=${tempId}`, 'labelAdd taskId=100 labelId=3']);
  });
});
