// The attachment calls fail with the project's ApiError built from the server's {code, message}, so the
// translated message for the code is what people read; and the server's max file size is parsed (20MB default).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/apiError';
import { downloadAttachment, parseMaxFileSize, uploadAttachments } from '../../../src/api/attachments';
import { errorTextAsync } from '../../../src/app/errorText';

/** Answers every send() with the given status and body, the way the browser's XHR would. */
function fakeXhr(status: number, body: string) {
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.status = status;
      this.responseText = body;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

const file = () => new File(['x'], 'a.txt', { type: 'text/plain' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('attachment upload errors', () => {
  it('a refused upload rejects with an ApiError carrying the server code, shown as the translated message', async () => {
    fakeXhr(400, JSON.stringify({ code: 4012, message: 'The task attachment is too large.' }));
    const err = await uploadAttachments(5, [file()]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 4012, status: 400, message: 'The task attachment is too large.' });
    expect(await errorTextAsync(err)).toBe('The attachment is too large.');
  });

  it('a refusal without a JSON body is still an ApiError with the status', async () => {
    fakeXhr(502, '<html>Bad gateway</html>');
    const err = await uploadAttachments(5, [file()]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: null, status: 502 });
  });

  it('per-file errors of a partly successful upload are ApiErrors with their code', async () => {
    fakeXhr(200, JSON.stringify({ success: [], errors: [{ message: { code: 4012, message: 'The task attachment is too large.' } }] }));
    const res = await uploadAttachments(5, [file()]);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toBeInstanceOf(ApiError);
    expect(res.errors[0]).toMatchObject({ code: 4012 });
    expect(await errorTextAsync(res.errors[0])).toBe('The attachment is too large.');
  });
});

describe('attachment download errors', () => {
  it('rejects with an ApiError from the JSON body instead of "HTTP 404"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 4011, message: 'gone' }), { status: 404, headers: { 'content-type': 'application/json' } })));
    const err = await downloadAttachment(5, 9).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 4011, status: 404 });
    expect(await errorTextAsync(err)).toBe('The attachment does not exist.');
  });
});

describe('max file size', () => {
  const MB = 1024 * 1024;
  it.each([
    [undefined, 20 * MB],
    ['', 20 * MB],
    ['lots', 20 * MB],
    ['0MB', 20 * MB],
    ['20MB', 20 * MB],
    ['5MB', 5 * MB],
    ['512KB', 512 * 1024],
    ['1.5 GB', 1.5 * 1024 * MB],
    ['100', 100],
    ['2mb', 2 * MB],
  ])('%j → %d bytes', (value, bytes) => {
    expect(parseMaxFileSize(value).bytes).toBe(bytes);
  });
  it('shows the server text, or 20MB when it was not usable', () => {
    expect(parseMaxFileSize('5MB').label).toBe('5MB');
    expect(parseMaxFileSize('lots').label).toBe('20MB');
    expect(parseMaxFileSize(undefined).label).toBe('20MB');
  });
});
