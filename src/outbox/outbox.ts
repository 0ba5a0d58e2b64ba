// The outbox: every write is stored first, then sent in order by one tab (the leader); network failures are
// retried with backoff, refusals kept for the person to retry or discard, and temporary ids of offline creates
// (tasks, labels, comments) replaced in the writes after them once the server has given the real id.
import { ApiError } from '../api/apiError';
import { isNetworkError } from '../api/networkError';
import type { Task } from '../api/tasks';
import { createdField, idsOf, subjectOf, withIds, type Entry, type OutboxStorage, type Refusal, type Write } from './types';

/** What the tabs of one outbox tell each other (over a BroadcastChannel; the sending tab hears its own too). */
export type OutboxMessage =
  | { type: 'added' }
  | { type: 'changed' }
  | { type: 'done'; key: number; write: Write; result: unknown }
  | { type: 'refused'; key: number; write: Write; refusal: Refusal; kept: boolean }
  /** The network failed: every write waiting now waits in the outbox, and their actions stop waiting. */
  | { type: 'stalled' }
  | { type: 'flowing' }
  /** Try now: asked in a tab that does not send. */
  | { type: 'wake' };

/** How a write went for the action that made it: sent (the server's answer), or waiting in the outbox. */
export type Outcome<W extends Write = Write> = { sent: true; result: unknown; write: W } | { sent: false; write: W };

interface Channel {
  postMessage(message: OutboxMessage): void;
  close(): void;
}

export interface OutboxEnv {
  storage: OutboxStorage;
  send: (write: Write) => Promise<unknown>;
  channel?: Channel | null;
  isOnline?: () => boolean;
  /** Delay before the next try after `failures` network failures in a row. */
  backoff?: (failures: number) => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface OutboxState {
  entries: Entry[];
  /** The last try failed for the network: new writes wait in the outbox at once. */
  stalled: boolean;
}

type Listener = (state: OutboxState) => void;
type AckListener = (write: Write, result: unknown) => void;

const MAX_BACKOFF_MS = 30_000;

/** 1 s, 2 s, 4 s, … up to 30 s, with some jitter so that many clients coming back do not all ask at once. */
export function defaultBackoff(failures: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5)) * (0.8 + Math.random() * 0.4);
}

function refusalOf(err: unknown): Refusal {
  if (err instanceof ApiError) return { status: err.status, code: err.code, message: err.message };
  return { status: 0, code: null, message: err instanceof Error ? err.message : String(err) };
}

/** The temporary id a write gave what it creates, or null. */
function tempIdOf(write: Write): number | null {
  const field = createdField(write);
  return field ? (write as unknown as Record<string, number>)[field]! : null;
}

/** The id the server gave what an acknowledged create made (its answer is the saved thing). */
function realIdOf(result: unknown): number | null {
  const id = result && typeof result === 'object' ? (result as { id?: unknown }).id : undefined;
  return typeof id === 'number' && id > 0 ? id : null;
}

/**
 * The writes after an acknowledged one, rewritten: the real id for the temporary one it created, and a task's saved
 * copy as the base of the changes made on top of it. Returns only the entries that changed.
 */
export function rewriteAfterAck(done: Write, result: unknown, later: Entry[]): Entry[] {
  const tempId = tempIdOf(done);
  const realId = realIdOf(result);
  const saved = (done.kind === 'create' || done.kind === 'update') && realId !== null ? (result as Task) : undefined;
  const changed: Entry[] = [];
  for (const entry of later) {
    let write = entry.write;
    if (tempId !== null && realId !== null && idsOf(write).includes(tempId)) write = withIds(write, (id) => (id === tempId ? realId : id));
    // A later change of the task was made on top of this one: it is sent on the copy the server saved.
    if (saved && write.kind === 'update' && write.taskId === saved.id) write = { ...write, base: saved };
    if (write !== entry.write) changed.push({ ...entry, write });
  }
  return changed;
}

export class Outbox {
  private leading = false;
  private stalled = false;
  private pumping = false;
  private again = false;
  private forced = false;
  private failures = 0;
  private timer: unknown = null;
  private closed = false;
  private waiters = new Map<number, { write: Write; resolve: (o: Outcome) => void; reject: (e: unknown) => void }>();
  /** Errors and results as thrown and returned in this tab (the channel carries copies). */
  private localErrors = new Map<number, unknown>();
  private listeners = new Set<Listener>();
  private ackListeners = new Set<AckListener>();
  private entries: Entry[] = [];
  /**
   * The real ids of acknowledged creates, by temporary id: a write made on something just as its create was
   * acknowledged (stored after the rewrite) is sent with the real id all the same.
   */
  private realIds = new Map<number, number>();
  private readonly env: Required<Omit<OutboxEnv, 'channel'>> & { channel: Channel | null };

  constructor(env: OutboxEnv) {
    this.env = {
      channel: env.channel ?? null,
      isOnline: env.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false),
      backoff: env.backoff ?? defaultBackoff,
      setTimer: env.setTimer ?? ((run, ms) => setTimeout(run, ms)),
      clearTimer: env.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)),
      storage: env.storage,
      send: env.send,
    };
  }

  /** The entries as this tab last read them (every tab's writes), and whether sending is stalled. */
  get state(): OutboxState {
    return { entries: this.entries, stalled: this.stalled };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears writes acknowledged after their action stopped waiting, or made in another tab. */
  onAcked(listener: AckListener): () => void {
    this.ackListeners.add(listener);
    return () => this.ackListeners.delete(listener);
  }

  /**
   * Stores a write, then waits for its outcome: the server's answer (a refusal rejects, as a request would), or, when
   * the network fails, `sent: false` at once while the write waits in the outbox.
   */
  async submit<W extends Write>(write: W, title: string): Promise<Outcome<W>> {
    const deferred = this.stalled || !this.env.isOnline();
    const entry = await this.env.storage.add(write, title, deferred);
    if (deferred) {
      this.broadcast({ type: 'added' });
      return { sent: false, write: entry.write as W };
    }
    const outcome = new Promise<Outcome<W>>((resolve, reject) =>
      this.waiters.set(entry.key, { write: entry.write, resolve: resolve as (o: Outcome) => void, reject }),
    );
    this.broadcast({ type: 'added' });
    return outcome;
  }

  /** This tab sends from now on (it holds the lock, or there is no other tab to share with). */
  lead(): void {
    this.leading = true;
    void this.pump();
  }

  /** Tries at once (the browser says the network is back, or the person asked). */
  wake(): void {
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = null;
    this.failures = 0;
    // A pass already running may be about to stop on the failure it just had: it goes round once more.
    this.forced = true;
    if (this.leading) void this.pump();
    else this.broadcast({ type: 'wake' });
  }

  /** Sends a refused write again, in its place in the order. */
  async retry(key: number): Promise<void> {
    const entry = (await this.env.storage.all()).find((e) => e.key === key);
    if (!entry) return;
    await this.env.storage.put([{ ...entry, state: 'queued', refusal: undefined }]);
    this.stalled = false;
    this.broadcast({ type: 'added' });
  }

  /** Drops a write, and for a create every write naming what it would have made. Returns what was dropped, in order. */
  async discard(key: number): Promise<Entry[]> {
    const all = await this.env.storage.all();
    const entry = all.find((e) => e.key === key);
    if (!entry) return [];
    const made = tempIdOf(entry.write);
    const dropped = made !== null ? all.filter((e) => e.key === key || idsOf(e.write).includes(made)) : [entry];
    await this.env.storage.remove(dropped.map((e) => e.key));
    // The state read again before returning: the caller puts the server's copy back without the dropped change.
    await this.refresh();
    this.broadcast({ type: 'added' });
    return dropped;
  }

  /** Takes a message from another tab. */
  receive(message: OutboxMessage): void {
    switch (message.type) {
      case 'added':
        if (this.leading) {
          if (this.stalled) void this.deferWaiting();
          else void this.pump();
        }
        break;
      case 'done': {
        const made = tempIdOf(message.write);
        const real = realIdOf(message.result);
        if (made !== null && real !== null) this.realIds.set(made, real);
        const waiter = this.waiters.get(message.key);
        if (waiter) {
          this.waiters.delete(message.key);
          waiter.resolve({ sent: true, result: message.result, write: message.write });
        } else {
          for (const l of this.ackListeners) l(message.write, message.result);
        }
        break;
      }
      case 'refused': {
        const waiter = this.waiters.get(message.key);
        const error = this.localErrors.get(message.key) ?? new ApiError({ ...message.refusal, fromServer: true });
        this.localErrors.delete(message.key);
        if (waiter) {
          this.waiters.delete(message.key);
          if (message.kept) waiter.resolve({ sent: false, write: waiter.write });
          else waiter.reject(error);
        }
        break;
      }
      case 'stalled':
        this.stalled = true;
        for (const [key, waiter] of this.waiters) {
          this.waiters.delete(key);
          waiter.resolve({ sent: false, write: waiter.write });
        }
        break;
      case 'flowing':
        this.stalled = false;
        break;
      case 'wake':
        if (this.leading) this.wake();
        break;
      case 'changed':
        break;
    }
    void this.refresh();
  }

  close(): void {
    this.closed = true;
    this.leading = false;
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.env.channel?.close();
    this.env.storage.close();
  }

  private broadcast(message: OutboxMessage): void {
    if (this.closed) return;
    this.env.channel?.postMessage(message);
    this.receive(message);
  }

  private async refresh(): Promise<void> {
    if (this.closed) return;
    this.entries = await this.env.storage.all();
    for (const l of this.listeners) l(this.state);
  }

  /** Marks every write still waiting for its action as waiting in the outbox instead, and tells the tabs. */
  private async deferWaiting(): Promise<void> {
    const all = await this.env.storage.all();
    await this.env.storage.put(all.filter((e) => e.state === 'queued' && !e.deferred).map((e) => ({ ...e, deferred: true })));
    this.broadcast({ type: 'stalled' });
  }

  /**
   * Sends the waiting writes, oldest first, one at a time. The writes of a task (or label) after a refused one wait
   * for the person, as do writes naming something whose create was refused.
   */
  private async pump(): Promise<void> {
    if (!this.leading || this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        this.forced = false;
        while (await this.sendNext());
      } while ((this.again && !this.stalled) || this.forced);
    } finally {
      this.pumping = false;
    }
  }

  /** Sends the next write; whether to go on. */
  private async sendNext(): Promise<boolean> {
    if (this.closed) return false;
    const all = await this.env.storage.all();
    const held = new Set<string>();
    let next: Entry | undefined;
    let write: Write | undefined;
    for (const e of all) {
      const subject = subjectOf(e.write);
      if (e.state === 'refused' || held.has(subject)) {
        held.add(subject);
        continue;
      }
      const resolved = withIds(e.write, (id) => this.realIds.get(id) ?? id);
      // What it names was never created (its create is refused): it waits with it.
      if (idsOf(resolved).some((id) => id < 0 && id !== tempIdOf(resolved))) {
        held.add(subject);
        continue;
      }
      next = e;
      write = resolved;
      break;
    }
    if (!next || !write) return false;
    let result: unknown;
    try {
      // The browser knows it has no network: no request, the same pause as after a failed one.
      if (!this.env.isOnline()) throw new TypeError('offline');
      result = await this.env.send(write);
    } catch (err) {
      if (isNetworkError(err)) {
        this.failures += 1;
        await this.deferWaiting();
        this.timer = this.env.setTimer(() => {
          this.timer = null;
          void this.pump();
        }, this.env.backoff(this.failures));
        return false;
      }
      // A write its action still waits for is that action's to report (and roll back), as before the outbox;
      // one nobody waits for any more is kept for the person to see.
      const refusal = refusalOf(err);
      // The server answered: the network is there.
      this.failures = 0;
      if (this.stalled) this.broadcast({ type: 'flowing' });
      if (next.deferred) await this.env.storage.put([{ ...next, state: 'refused', refusal }]);
      else await this.env.storage.remove([next.key]);
      this.localErrors.set(next.key, err);
      this.broadcast({ type: 'refused', key: next.key, write, refusal, kept: next.deferred });
      return true;
    }
    await this.env.storage.remove([next.key]);
    await this.env.storage.put(rewriteAfterAck(write, result, all.filter((e) => e.key > next.key)));
    this.failures = 0;
    if (this.stalled) this.broadcast({ type: 'flowing' });
    this.broadcast({ type: 'done', key: next.key, write, result });
    return true;
  }
}
