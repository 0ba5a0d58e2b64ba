// The API client: case conversion, the zero date, pagination and x-max-right headers, ApiError.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { camelToSnake, fromApi, parseBody, parseDate, snakeToCamel, toApi } from '../../src/api/convert';
import { apiBase, get, getPage, getWithRight, post, takeLiveIds } from '../../src/api/client';
import { ApiError } from '../../src/api/apiError';

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('case conversion and dates', () => {
  it('converts keys both ways', () => {
    expect(snakeToCamel('due_date')).toBe('dueDate');
    expect(snakeToCamel('x_max_right')).toBe('xMaxRight');
    expect(camelToSnake('totpPasscode')).toBe('totp_passcode');
    expect(camelToSnake('longToken')).toBe('long_token');
  });

  it('converts responses deeply, dropping null values and parsing dates', () => {
    const out = fromApi<Record<string, unknown>>({
      id: 1,
      done_at: '0001-01-01T00:00:00Z',
      due_date: '2024-05-01T10:00:00Z',
      created: '2024-01-01T00:00:00Z',
      reminder_dates: ['2024-05-01T09:00:00Z', '0001-01-01T00:00:00Z'],
      assignees: null,
      created_by: { user_name: 'a', updated: '2024-02-02T00:00:00Z' },
      labels: [{ hex_color: 'ff0000' }],
    });
    expect(out.doneAt).toBeNull();
    expect(out.dueDate).toEqual(new Date('2024-05-01T10:00:00Z'));
    expect(out.created).toBeInstanceOf(Date);
    expect(out.reminderDates).toEqual([new Date('2024-05-01T09:00:00Z')]);
    expect('assignees' in out).toBe(false);
    expect(out.createdBy).toEqual({ userName: 'a', updated: new Date('2024-02-02T00:00:00Z') });
    expect(out.labels).toEqual([{ hexColor: 'ff0000' }]);
  });

  it('parses bodies as JSON when they are, and never lets a "__proto__" key through', () => {
    expect(parseBody('')).toBeNull();
    expect(parseBody('{"a_b":1}')).toEqual({ a_b: 1 });
    expect(parseBody('502 Bad Gateway')).toBe('502 Bad Gateway');
    const out = fromApi<Record<string, unknown>>(parseBody('{"title":"x","__proto__":{"polluted":true},"nested":{"__proto__":{"polluted":true}}}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(out.nested)).toBe(Object.prototype);
    expect((out as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('applies the date rule', () => {
    const d = new Date();
    expect(parseDate(d)).toBe(d);
    expect(parseDate('0001-01-01T00:00:00Z')).toBeNull();
    expect(parseDate(42)).toBeNull();
    expect(parseDate('not a date')).toBeNull();
  });

  it('converts request bodies to snake_case with ISO dates', () => {
    expect(toApi({ longToken: true, dueDate: new Date('2024-01-01T00:00:00Z'), nested: [{ listId: 1 }], skip: undefined })).toEqual({
      long_token: true,
      due_date: '2024-01-01T00:00:00.000Z',
      nested: [{ list_id: 1 }],
    });
  });
});

describe('client requests', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('API_URL', 'http://api.test/api/v1/');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('re-reads the base URL on every request and drops the trailing slash', () => {
    expect(apiBase()).toBe('http://api.test/api/v1');
    localStorage.setItem('API_URL', 'http://other.test/x');
    expect(apiBase()).toBe('http://other.test/x');
  });

  it('sends the bearer token and a snake_case body, and converts the answer', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(jsonResponse({ user_name: 'x' }));
    const res = await post<{ userName: string }>('login', { longToken: true });
    expect(res).toEqual({ userName: 'x' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/v1/login');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer abc');
    expect(init.body).toBe('{"long_token":true}');
  });

  it('sends no token on anonymous calls', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(jsonResponse({ version: 'v1' }));
    await get('info', { anonymous: true });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBeNull();
  });

  it('reads pagination headers and treats a null collection as empty', async () => {
    fetchMock.mockResolvedValue(jsonResponse(null, 200, { 'x-pagination-total-pages': '3', 'x-pagination-result-count': '0' }));
    expect(await getPage('labels')).toEqual({ items: [], totalPages: 3, resultCount: 0 });
  });

  it('reads x-max-right', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1 }, 200, { 'x-max-right': '2' }));
    expect(await getWithRight('lists/1')).toEqual({ data: { id: 1 }, maxRight: 2 });
  });

  it('reads x-max-right as null when it is missing, empty or no number', async () => {
    for (const headers of [{}, { 'x-max-right': '' }, { 'x-max-right': 'admin' }] as Record<string, string>[]) {
      fetchMock.mockResolvedValue(jsonResponse({ id: 1 }, 200, headers));
      expect((await getWithRight('lists/1')).maxRight).toBeNull();
    }
    fetchMock.mockResolvedValue(jsonResponse(null));
    expect(await getPage('labels')).toEqual({ items: [], totalPages: 0, resultCount: 0 });
  });

  it('keeps the smallest x-live-event-id of the responses until taken, then hands each to the listener', async () => {
    takeLiveIds();
    for (const id of ['12', '0', '7']) {
      fetchMock.mockResolvedValue(jsonResponse([], 200, { 'x-live-event-id': id }));
      await get('namespaces');
    }
    fetchMock.mockResolvedValue(jsonResponse([]));
    await get('labels');
    const heard: number[] = [];
    // An id of 0 (an empty log) is a point too.
    expect(takeLiveIds((id) => heard.push(id))).toBe(0);
    fetchMock.mockResolvedValue(jsonResponse([], 200, { 'x-live-event-id': '15' }));
    await get('namespaces');
    expect(heard).toEqual([15]);
    expect(takeLiveIds()).toBe(Infinity);
  });

  it('turns a server error into ApiError {code, message, status}', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 1011, message: 'Wrong username or password.' }, 412));
    const err = await post('login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 1011, message: 'Wrong username or password.', status: 412, fromServer: true });
  });

  it('turns a framework error without code and a network failure into ApiError', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'invalid or expired jwt' }, 401));
    await expect(get('user')).rejects.toMatchObject({ code: null, message: 'invalid or expired jwt', status: 401 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = (await get('user').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.fromServer).toBe(false);
  });
});
