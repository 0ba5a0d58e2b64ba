// The one HTTP client: base URL (re-read every request), bearer token, case conversion, headers and ApiError.
// ofetch is imported on the first request, so the sign-in page (whose only call is the discovery probe) does not load it.
import { fromApi, parseBody, toApi } from './convert';
import { toApiError } from './apiError';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import { API_SUFFIX } from '../constants';

declare global {
  interface Window {
    /** Page setting for the API address (set in index.html); a stored API_URL overrides it. */
    API_URL?: string;
  }
}

/** The API base: stored API_URL, else the page setting, else this origin's /api/v1; no trailing slash. */
export function apiBase(): string {
  const configured = readStorage(STORAGE_KEYS.apiUrl) ?? (typeof window !== 'undefined' ? window.API_URL : undefined) ?? API_SUFFIX;
  const base = configured.replace(/\/+$/, '');
  return base.startsWith('/') ? `${window.location.origin}${base}` : base;
}

export type Query = Record<string, string | number | boolean | string[] | number[] | undefined>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Send no token even when one is stored (sign-in calls). */
  anonymous?: boolean;
  /** Override the base URL (used by API address discovery). */
  base?: string;
  signal?: AbortSignal;
  /**
   * Return the body as the API sent it (snake_case keys, dates as strings) for a caller that builds its own
   * objects from it: the task calls do, since converting 10,000 tasks twice cost more than parsing them.
   */
  wire?: boolean;
  /** Extra request headers (e.g. If-Match on a task update). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** A GET's identity: its path under the base and its query with the keys sorted (array values repeat the key). */
export function requestKey(path: string, query: Query = {}): string {
  const parts: string[] = [];
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
  }
  const clean = path.replace(/^\//, '');
  return parts.length ? `${clean}?${parts.join('&')}` : clean;
}

interface Early {
  at: number;
  res: Promise<Response>;
}

declare global {
  interface Window {
    /** GETs started ahead of the code that needs them: by index.html for the route opened, or by prefetch(). */
    __kfEarly?: Record<string, Early>;
  }
}

/** An early GET is adopted this long after it started; later, the data may have changed and it is asked again. */
const EARLY_MAX_AGE_MS = 10_000;

/** Starts a GET now so that the first identical GET (within a few seconds) gets its response instead of asking again. */
export function prefetch(path: string, query?: Query): void {
  const token = readStorage(STORAGE_KEYS.token);
  if (!token) return;
  const key = requestKey(path, query);
  const early = (window.__kfEarly ??= {});
  if (early[key] && Date.now() - early[key].at < EARLY_MAX_AGE_MS) return;
  const res = fetch(`${apiBase()}/${key}`, { headers: { Authorization: `Bearer ${token}` } });
  // Never adopted, a failure must not surface as an unhandled rejection.
  res.catch(() => undefined);
  early[key] = { at: Date.now(), res };
}

/** The early response of a GET, if one was started recently and answered with success; each is adopted once. */
async function adoptEarly(key: string): Promise<Response | null> {
  const early = typeof window === 'undefined' ? undefined : window.__kfEarly?.[key];
  if (!early) return null;
  delete window.__kfEarly![key];
  if (Date.now() - early.at > EARLY_MAX_AGE_MS) return null;
  try {
    const res = await early.res;
    // A refusal is asked again the ordinary way, so its error is reported exactly as any other.
    return res.ok ? res : null;
  } catch {
    return null;
  }
}

/**
 * Where the session's live-updates stream must start (src/sync/live.ts): the smallest `x-live-event-id` of the
 * responses since it was last taken. The server reads it before the data, so a stream replaying from it misses no
 * change a response lacks. Once taken, each id goes to the listener instead.
 */
let liveFrom = Infinity;
let onLiveId: ((id: number) => void) | undefined;

/** Takes the smallest live-event id heard (Infinity: none) and hands the ones heard from now on to `listener`. */
export function takeLiveIds(listener?: (id: number) => void): number {
  const from = liveFrom;
  liveFrom = Infinity;
  onLiveId = listener;
  return from;
}

/** Sends one request and returns the converted body with its headers; every failure is an ApiError. */
export async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  let res: { headers: Headers; status: number } | null =
    method === 'GET' && !opts.base && !opts.anonymous && !opts.signal && !opts.headers ? await adoptEarly(requestKey(path, opts.query)) : null;
  let body = res ? await bodyOf(await (res as Response).blob()).catch(() => undefined) : undefined;
  if (body === undefined) {
    const base = opts.base ?? apiBase();
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.anonymous ? null : readStorage(STORAGE_KEYS.token);
    if (token) headers.Authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
    try {
      const ofetch = await import('ofetch').then((m) => m.ofetch);
      const raw = await ofetch.raw(`${base}/${path.replace(/^\//, '')}`, {
        method,
        headers,
        query: opts.query,
        body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : (toApi(opts.body) as Record<string, unknown>),
        signal: opts.signal,
        retry: 0,
        responseType: 'blob',
      });
      body = await bodyOf(raw._data);
      res = raw;
    } catch (err) {
      // A refused request carries its body (the API's {code, message}) as a blob too.
      const e = err as { data?: unknown; status?: number; message?: string } | null;
      if (e && typeof e === 'object' && isBlob(e.data)) {
        const data = await bodyOf(e.data).catch(() => null);
        throw toApiError(Object.assign(new Error(e.message), { status: e.status, data }));
      }
      throw toApiError(err);
    }
  }
  const { headers, status } = res!;
  const id = headers.get('x-live-event-id');
  if (id) {
    if (onLiveId) onLiveId(+id);
    else if (+id < liveFrom) liveFrom = +id;
  }
  return { data: opts.wire ? (body as T) : fromApi<T>(body), headers, status };
}

function isBlob(value: unknown): value is Blob {
  // Duck-typed: the test environment's Blob and its fetch's Blob are different classes.
  return typeof value === 'object' && value !== null && typeof (value as Blob).text === 'function' && typeof (value as Blob).size === 'number';
}

/**
 * A response body: JSON when it is JSON (plain JSON.parse, see parseBody), else its text. Bodies are read as a
 * blob and then as text: Chromium hands over a large body that way in about half the time Response.text() takes
 * (a 9 MB task list: 80-150 ms after its last byte against 145-290 ms), and small ones as fast.
 */
async function bodyOf(data: unknown): Promise<unknown> {
  if (!isBlob(data)) return data ?? null;
  return parseBody(await data.text());
}

export async function get<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await request<T>('GET', path, opts)).data;
}
export async function post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await request<T>('POST', path, { ...opts, body: body ?? {} })).data;
}
export async function put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await request<T>('PUT', path, { ...opts, body: body ?? {} })).data;
}
export async function del<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await request<T>('DELETE', path, opts)).data;
}

export interface Page<T> {
  items: T[];
  totalPages: number;
  resultCount: number;
}

/** A GET of a collection with the pagination headers; the API sends null for empty collections. */
export async function getPage<T>(path: string, opts?: RequestOptions): Promise<Page<T>> {
  const res = await request<T[] | null>('GET', path, opts);
  return {
    items: res.data ?? [],
    // Number(null) is 0: a missing header counts none.
    totalPages: Number(res.headers.get('x-pagination-total-pages')),
    resultCount: Number(res.headers.get('x-pagination-result-count')),
  };
}

/** The highest right of the caller from `x-max-right` (0 read, 1 read-write, 2 admin), or null. */
export function maxRightOf(headers: Headers): number | null {
  // A missing or empty header is NaN here, as is one that is no number.
  const n = Number(headers.get('x-max-right') || NaN);
  return Number.isFinite(n) ? n : null;
}

/** A GET of one entity with the caller's right on it. */
export async function getWithRight<T>(path: string, opts?: RequestOptions): Promise<{ data: T; maxRight: number | null }> {
  const res = await request<T>('GET', path, opts);
  return { data: res.data, maxRight: maxRightOf(res.headers) };
}
