// One live-updates stream per signed-in browser: the tab holding a Web Lock opens the EventSource and passes each
// event to the other tabs over a BroadcastChannel; every tab applies the events to its own store. When the leading
// tab closes, its lock passes to another tab, which reconnects from the last event id every tab has seen.
//
// Where the first stream starts: the server reads its newest event id before each GET's data and says it in a
// header, which the HTTP client keeps (the smallest since the session's data started loading, early GETs of
// index.html included). The first stream replays from there, so a change made between a read and the stream's
// opening is not lost; what it replays that a read already held is ignored as not newer (applyEvent.ts). A read that
// answers only after the stream opened, with an id it does not cover (a local-copy start whose loads were slow), opens
// the stream again from that id.
import { apiBase, post, takeLiveIds } from '../api/client';
import { ApiError } from '../api/apiError';
import { appStore } from '../state/store';
import { loadedListIds, listTasksAtom } from '../state/tasks';
import { loadedBoardIds } from '../state/kanbanBoard';
import { loadListTasks, rememberedFilters } from '../views/lists/views/useListTasks';
import * as buckets from '../actions/buckets';
import { applyLiveEvent, onLiveReset, type LiveEvent } from './applyEvent';

/** The named events of the stream (EventSource only hands out the names it listens for). */
const EVENT_TYPES = [
  'ready',
  'reset',
  ...['task', 'list', 'bucket', 'comment', 'label', 'namespace'].flatMap((kind) => ['created', 'updated', 'deleted'].map((what) => `${kind}.${what}`)),
];

const MAX_BACKOFF_MS = 30_000;

/** Everything shown from the server is fetched again: the events since this client's last one are gone. */
function refetchShown(): void {
  for (const listId of loadedListIds()) {
    appStore.set(listTasksAtom(listId), (s) => ({ ...s, loaded: false }));
    void loadListTasks(listId, rememberedFilters(listId));
  }
  for (const listId of loadedBoardIds()) void buckets.load(listId);
}

interface Connection {
  lastId: number;
  stop: () => void;
}

declare global {
  interface Window {
    /**
     * The tabs' channel as index.html's script opened it with the navigation, and what it heard before this code
     * loaded: another tab's events while this one was loading its data and its code would otherwise be lost to it.
     */
    __kfLive?: { name: string; channel: BroadcastChannel; heard: LiveEvent[]; overflow: boolean };
  }
}

/** index.html's channel of this name, taken once (one of another name, the address changed meanwhile, is closed). */
function takeEarlyChannel(name: string): { channel: BroadcastChannel; heard: LiveEvent[]; overflow: boolean } | null {
  const early = typeof window === 'undefined' ? undefined : window.__kfLive;
  if (!early) return null;
  delete window.__kfLive;
  if (early.name === name) return early;
  early.channel.close();
  return null;
}

/** The stream of one browser tab (leading or following). Exported for tests; the app calls startLive. */
export function connectLive(userId: number, env: { locks?: LockManager | undefined; channel?: BroadcastChannel | null } = {}): Connection {
  const name = `keyflow-live:${apiBase()}:${userId}`;
  const locks = 'locks' in env ? env.locks : typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const early = 'channel' in env ? null : takeEarlyChannel(name);
  const channel = 'channel' in env ? env.channel : (early?.channel ?? (typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(name) : null));
  const stopped = new AbortController();
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  const conn: Connection = { lastId: 0, stop: () => undefined };
  let leading = false;
  /** The smallest id of the reads no stream has started from yet: where the next one starts (Infinity: none). */
  let readFrom = Infinity;
  /** From where this tab's streams have covered every event since the first one opened (Infinity: not known yet). */
  let covered = Infinity;

  const take = (event: LiveEvent) => {
    if (event.id > conn.lastId) conn.lastId = event.id;
    if (event.type !== 'ready') applyLiveEvent(event);
  };
  if (channel) channel.onmessage = (e: MessageEvent<LiveEvent>) => take(e.data);
  // What another tab passed on before this code ran, in order; too much of it, and what is shown is loaded again.
  if (early?.overflow) refetchShown();
  else early?.heard.forEach(take);

  const open = async () => {
    if (stopped.signal.aborted) return;
    let ticket: string;
    try {
      ({ ticket } = await post<{ ticket: string }>('events/ticket'));
    } catch (err) {
      // A server without live updates (switched off, or another server of the API): nothing to retry.
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return;
      return reconnectLater();
    }
    if (stopped.signal.aborted) return;
    const url = new URL(`${apiBase()}/events`);
    url.searchParams.set('ticket', ticket);
    // Where the last stream (this tab's or the one another tab led) left off, or where the reads not covered yet began.
    const since = Math.min(conn.lastId > 0 ? conn.lastId : Infinity, readFrom);
    if (since < Infinity) {
      url.searchParams.set('last_event_id', String(since));
      covered = Math.min(covered, since);
    }
    const es = new EventSource(url.toString());
    source = es;
    const onEvent = (e: MessageEvent<string>) => {
      failures = 0;
      // The stream started where it was asked to (the reads' point is kept till then, for a retry); one opened from
      // now covers what comes after its first event.
      readFrom = Infinity;
      if (covered === Infinity) covered = Number(e.lastEventId) || 0;
      let data: unknown = null;
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      const event: LiveEvent = { id: Number(e.lastEventId) || 0, type: e.type, data };
      take(event);
      channel?.postMessage(event);
    };
    for (const type of EVENT_TYPES) es.addEventListener(type, onEvent as EventListener);
    // The ticket in the URL opens one stream (the server refuses it a second time): each reconnect asks for a new
    // one and says where it left off, rather than letting EventSource retry the same URL.
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      reconnectLater();
    };
  };
  const reconnectLater = () => {
    if (stopped.signal.aborted || retry) return;
    failures += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(failures, 6)) * (0.75 + Math.random() / 2);
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, delay);
  };

  /**
   * The id of a read that answered after the reads the stream started from: one the stream does not cover means that
   * read may lack changes the stream will never send, so it opens again from there. Only the leading tab: another's
   * stream, passed on since this tab's navigation, covers the others.
   */
  const heardRead = (id: number) => {
    if (!leading || id >= covered) return;
    readFrom = Math.min(readFrom, id);
    if (!source) return;
    source.close();
    source = null;
    void open();
  };
  readFrom = takeLiveIds(heardRead);

  const lead = () =>
    new Promise<void>((release) => {
      leading = true;
      void open();
      stopped.signal.addEventListener('abort', () => release());
    });

  if (locks) {
    // Waits for the lock while another tab leads; gets it when that tab closes.
    locks.request(name, { signal: stopped.signal }, lead).catch(() => undefined);
  } else {
    void lead();
  }
  const unReset = onLiveReset(refetchShown);

  conn.stop = () => {
    // The reads of a next session start counting afresh.
    takeLiveIds();
    stopped.abort();
    if (retry) clearTimeout(retry);
    source?.close();
    source = null;
    unReset();
    if (channel) {
      channel.onmessage = null;
      channel.close();
    }
  };
  return conn;
}

/** Starts live updates for the signed-in user; returns the stop (sign-out, another user). */
export function startLive(userId: number): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  return connectLive(userId).stop;
}
