// Session: token validity, renewal 5 s after being asked, renewal on focus under 60 h, expiry, logout, refresh throttle.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/apiError';
import { appStore } from '../../src/state/store';
import { setNavigator } from '../../src/state/navigator';
import { fakeToken, resetSessionState, userToken } from './helpers';

vi.mock('../../src/api/user', () => ({
  currentUser: vi.fn(),
  renewToken: vi.fn(),
  linkShareAuth: vi.fn(),
  login: vi.fn(),
  register: vi.fn(),
  saveGeneralSettings: vi.fn(),
}));

const userApi = await import('../../src/api/user');
const session = await import('../../src/state/session');
const mocked = vi.mocked(userApi);

describe('session', () => {
  const navigate = vi.fn();

  beforeEach(async () => {
    vi.useFakeTimers();
    localStorage.clear();
    setNavigator(navigate);
    navigate.mockReset();
    mocked.currentUser.mockReset().mockResolvedValue({ id: 1, username: 'ada', settings: { language: 'en' } });
    mocked.renewToken.mockReset();
    mocked.saveGeneralSettings.mockReset().mockResolvedValue({});
    // Drop timers and throttles left by the previous test.
    await session.logout();
    navigate.mockReset();
    resetSessionState();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads claims and judges validity by exp', () => {
    const now = Date.now();
    const claims = session.parseToken(userToken(1, now));
    expect(claims).toMatchObject({ type: 1, id: 1, username: 'ada' });
    expect(session.isTokenValid(claims, now)).toBe(true);
    expect(session.isTokenValid(session.parseToken(userToken(-1, now)), now)).toBe(false);
    expect(session.parseToken('garbage')).toBeNull();
  });

  it('treats an expired or missing token as signed out', async () => {
    localStorage.setItem('token', userToken(-1));
    expect(await session.checkAuth()).toBe(false);
    expect(appStore.get(session.sessionAtom)).toEqual({ kind: 'none' });
    expect(mocked.currentUser).not.toHaveBeenCalled();
  });

  it('marks link shares by a negative id', async () => {
    localStorage.setItem('token', fakeToken({ type: 2, id: -3, exp: Math.floor(Date.now() / 1000) + 3600 }));
    await session.checkAuth();
    expect(appStore.get(session.sessionAtom).kind).toBe('linkShare');
  });

  it('renews the token 5 s after a valid session is found, and stores the new one', async () => {
    localStorage.setItem('token', userToken(70));
    const fresh = userToken(72);
    mocked.renewToken.mockResolvedValue({ token: fresh });
    await session.checkAuth();
    await vi.advanceTimersByTimeAsync(4999);
    expect(mocked.renewToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(mocked.renewToken).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe(fresh);
  });

  describe('link shares renew the link-share way', () => {
    const shareToken = (hoursLeft: number, now = Date.now()) =>
      fakeToken({ type: 2, id: -3, hash: 'abc123', list_id: 3, exp: Math.floor(now / 1000) + hoursLeft * 3600 });

    it('authenticate at the share again with the password typed there, not at user/token', async () => {
      const fresh = shareToken(72);
      mocked.linkShareAuth.mockReset().mockResolvedValue({ token: fresh, listId: 3 });
      session.rememberLinkSharePassword('s3cret');
      localStorage.setItem('token', shareToken(70));
      await session.checkAuth();
      await vi.advanceTimersByTimeAsync(5000);
      expect(mocked.linkShareAuth).toHaveBeenCalledWith('abc123', 's3cret');
      expect(mocked.renewToken).not.toHaveBeenCalled();
      expect(localStorage.getItem('token')).toBe(fresh);
      expect(appStore.get(session.sessionAtom).kind).toBe('linkShare');
    });

    it('go back to the share’s auth screen, keeping the view, when that fails', async () => {
      window.history.replaceState(null, '', '/lists/3/kanban');
      mocked.linkShareAuth.mockReset().mockRejectedValue(new ApiError({ code: 13001, message: 'password required', status: 403, fromServer: true }));
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      localStorage.setItem('token', shareToken(70));
      await session.checkAuth();
      await vi.advanceTimersByTimeAsync(5000);
      expect(localStorage.getItem('token')).toBeNull();
      expect(appStore.get(session.sessionAtom).kind).toBe('none');
      expect(navigate).toHaveBeenCalledWith('/share/abc123/auth?view=kanban', undefined);
      expect(navigate).not.toHaveBeenCalledWith('/login', undefined);
      errors.mockRestore();
      window.history.replaceState(null, '', '/');
    });

    it('with a link-share token that ran out before the app started, go to the share’s auth screen, not to login', async () => {
      window.history.replaceState(null, '', '/lists/3/table');
      localStorage.setItem('token', shareToken(-1));
      expect(await session.checkAuth()).toBe(false);
      expect(localStorage.getItem('token')).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/share/abc123/auth?view=table', { replace: true });
      expect(navigate).not.toHaveBeenCalledWith('/login', expect.anything());
      // An expired user token stays a plain sign-out; the route guard sends it to login.
      navigate.mockReset();
      localStorage.setItem('token', userToken(-1));
      expect(await session.checkAuth()).toBe(false);
      expect(navigate).not.toHaveBeenCalled();
      window.history.replaceState(null, '', '/');
    });

    it('on focus with an expired link share, get a fresh token from the share instead of going to login', async () => {
      const now = Date.now();
      const fresh = shareToken(72, now + 2 * 3600 * 1000);
      mocked.linkShareAuth.mockReset().mockResolvedValue({ token: fresh, listId: 3 });
      session.rememberLinkSharePassword('');
      localStorage.setItem('token', shareToken(1, now));
      await session.checkAuth();
      vi.setSystemTime(now + 2 * 3600 * 1000);
      await session.onWindowFocus();
      expect(mocked.linkShareAuth).toHaveBeenCalledWith('abc123', '');
      expect(localStorage.getItem('token')).toBe(fresh);
      expect(navigate).not.toHaveBeenCalledWith('/login', undefined);
    });
  });

  it('logs out when renewal fails with an HTTP status', async () => {
    localStorage.setItem('token', userToken(70));
    mocked.renewToken.mockRejectedValue(new ApiError({ message: 'invalid or expired jwt', status: 401, fromServer: true }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await session.checkAuth();
    await vi.advanceTimersByTimeAsync(5000);
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/^Error: Error renewing token: /);
    errors.mockRestore();
  });

  it('offline, a renewal that reaches no server keeps the session, logs no error and is tried again once online', async () => {
    localStorage.setItem('token', userToken(70));
    mocked.renewToken.mockReset().mockRejectedValue(new ApiError({ message: 'Failed to fetch', status: 0 }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await session.checkAuth();
    await vi.advanceTimersByTimeAsync(5000);
    expect(mocked.renewToken).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(errors).not.toHaveBeenCalled();

    const fresh = userToken(100);
    mocked.renewToken.mockResolvedValue({ token: fresh });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(mocked.renewToken).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('token')).toBe(fresh);
    errors.mockRestore();
  });

  it('on focus renews (after 5 s) only when under 60 hours remain', async () => {
    const now = Date.now();
    localStorage.setItem('token', userToken(100, now));
    mocked.renewToken.mockResolvedValue({ token: userToken(100, now) });
    await session.checkAuth();
    await vi.advanceTimersByTimeAsync(5000);
    mocked.renewToken.mockClear();

    await session.onWindowFocus(now);
    await vi.advanceTimersByTimeAsync(6000);
    expect(mocked.renewToken).not.toHaveBeenCalled();

    await session.onWindowFocus(now + 50 * 3600 * 1000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(mocked.renewToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(mocked.renewToken).toHaveBeenCalledTimes(1);
  });

  it('on focus with an expired token re-checks auth and goes to login', async () => {
    const now = Date.now();
    localStorage.setItem('token', userToken(1, now));
    await session.checkAuth();
    vi.setSystemTime(now + 2 * 3600 * 1000);
    await session.onWindowFocus();
    expect(appStore.get(session.sessionAtom).kind).toBe('none');
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
  });

  it('refreshes the user at most once a minute', async () => {
    localStorage.setItem('token', userToken(70));
    await session.checkAuth();
    await session.checkAuth();
    expect(mocked.currentUser).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 61_000);
    await session.checkAuth();
    expect(mocked.currentUser).toHaveBeenCalledTimes(2);
  });

  it('logs out on "invalid or expired jwt" from the user refresh', async () => {
    localStorage.setItem('token', userToken(70));
    mocked.currentUser.mockRejectedValue(new ApiError({ message: 'invalid or expired jwt', status: 401, fromServer: true }));
    await session.checkAuth();
    expect(localStorage.getItem('token')).toBeNull();
    expect(appStore.get(session.sessionAtom).kind).toBe('none');
  });

  it('keeps the JWT e-mail and saves the UI language when the user has none', async () => {
    localStorage.setItem('token', userToken(70));
    mocked.currentUser.mockResolvedValue({ id: 1, username: 'ada', settings: { language: '', weekStart: 1 } });
    await session.checkAuth();
    expect(appStore.get(session.userAtom)?.email).toBe('ada@example.com');
    expect(mocked.saveGeneralSettings).toHaveBeenCalledWith({ language: 'en', weekStart: 1 });
  });

  it('logout clears the token and account storage but keeps device settings', async () => {
    localStorage.setItem('token', userToken(70));
    localStorage.setItem('lastVisited', '{}');
    localStorage.setItem('API_URL', 'http://x.test/api/v1');
    localStorage.setItem('color-scheme', 'dark');
    await session.checkAuth();
    await session.logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lastVisited')).toBeNull();
    expect(localStorage.getItem('API_URL')).toBe('http://x.test/api/v1');
    expect(localStorage.getItem('color-scheme')).toBe('dark');
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
  });

  it('login: 1017 without a passcode asks for it; with one it is an error', async () => {
    mocked.login.mockRejectedValue(new ApiError({ code: 1017, message: 'Invalid totp passcode.', status: 412, fromServer: true }));
    await expect(session.login({ username: 'a', password: 'b', longToken: false })).resolves.toBe('totpRequired');
    await expect(session.login({ username: 'a', password: 'b', longToken: false, totpPasscode: '123456' })).rejects.toMatchObject({ code: 1017 });
  });
});
