// Reads that got no answer are not toasted while the signed-in app goes on without its server (offline, a start from
// the local copy still waiting for the server, or the outbox unable to send); a write outside the outbox that got no
// answer says plainly that it was not saved; the server's refusals are told as they are.
import { afterEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));
const { error, tellErrors, toasterMounted } = await import('../../src/app/toast');
const { appStore } = await import('../../src/state/store');
const { asTold, outboxStalledAtom, serverAwayAtom } = await import('../../src/local/serverAway');
const { ApiError } = await import('../../src/api/apiError');

toasterMounted();
// As the signed-in shell (src/app/SignedInLayout.tsx) sets it.
tellErrors(asTold);
const noAnswer = () => new ApiError({ status: 0, message: '[GET] "/api/v1/labels": <no response> Failed to fetch' });
const writeNoAnswer = () => new ApiError({ status: 0, message: '[POST] "/api/v1/labels/4": <no response> Failed to fetch' });
const refused = () => new ApiError({ status: 403, message: 'Forbidden', code: 3001 } as never);
let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  online = true;
  appStore.set(serverAwayAtom, false);
  appStore.set(outboxStalledAtom, false);
  toastError.mockClear();
});

describe('errors while the server is out of reach', () => {
  it('are toasted in plain words while the server is not known to be away', async () => {
    await error(noAnswer());
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError.mock.calls[0][1]).toMatchObject({ description: 'The server did not answer. Please check your connection and try again.' });
  });

  it.each([
    ['the browser is offline', () => (online = false)],
    ['a start from the local copy waits for the server', () => appStore.set(serverAwayAtom, true)],
    ['the outbox cannot reach the server', () => appStore.set(outboxStalledAtom, true)],
  ])('are not toasted when %s', async (_, away) => {
    away();
    await error(noAnswer());
    await error(new TypeError('Failed to fetch'));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('tell a write the outbox does not keep that it was not saved, offline or not', async () => {
    await error(writeNoAnswer());
    online = false;
    await error(writeNoAnswer());
    expect(toastError.mock.calls.map((c) => c[1].description)).toEqual([
      'Not saved: this change needs a connection to the server. Please try again when you are back online.',
      'Not saved: this change needs a connection to the server. Please try again when you are back online.',
    ]);
  });

  it('leave the server’s refusals toasted', async () => {
    appStore.set(serverAwayAtom, true);
    await error(refused());
    expect(toastError).toHaveBeenCalledTimes(1);
  });
});
