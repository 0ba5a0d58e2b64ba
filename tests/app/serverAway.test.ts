// Failed requests that got no answer are not toasted while the signed-in app goes on without its server (offline,
// a start from the local copy still waiting for the server, or the outbox unable to send); anything else still is.
import { afterEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));
const { error, quietErrors, toasterMounted } = await import('../../src/app/toast');
const { appStore } = await import('../../src/state/store');
const { noNews, outboxStalledAtom, serverAwayAtom } = await import('../../src/local/serverAway');
const { ApiError } = await import('../../src/api/apiError');

toasterMounted();
// As the signed-in shell (src/app/SignedInLayout.tsx) sets it.
quietErrors(noNews);
const noAnswer = () => new ApiError({ status: 0, message: '[GET] "/api/v1/labels": <no response> Failed to fetch' });
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
  it('are toasted as before while the server answers', async () => {
    await error(noAnswer());
    expect(toastError).toHaveBeenCalledTimes(1);
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

  it('leave the server’s refusals toasted', async () => {
    appStore.set(serverAwayAtom, true);
    await error(refused());
    expect(toastError).toHaveBeenCalledTimes(1);
  });
});
