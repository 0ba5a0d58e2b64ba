// The session: token storage and validity, login/register/logout, renewal timing and the throttled user refresh.
import { atom } from 'jotai/vanilla';
import * as userApi from '../api/user';
import type { LoginPayload, User } from '../api/user';
import { ApiError } from '../api/apiError';
import { apiBase } from '../api/client';
import { appStore } from './store';
import { navigateTo } from './navigator';
import { clearAccountStorage, readJson, readStorage, removeStorage, writeStorage, STORAGE_KEYS } from './storage';
import { pathFor, type RouteName, type RouteParams, type RouteQuery } from '../routes';
import { DEFAULT_WEEK_START, RENEW_ON_FOCUS_THRESHOLD_MS, TOKEN_RENEWAL_DELAY_MS, USER_REFRESH_THROTTLE_MS } from '../constants';
import { currentLanguage } from '../i18n';
import { configAtom } from './config';
import { forgetPage } from './backdrop';
import { clearStore } from './entities';

/** JWT claims the client reads (type 1 user, 2 link share; exp in unix seconds). */
export interface TokenClaims {
  type: number;
  id: number;
  username?: string;
  email?: string;
  name?: string;
  exp: number;
  [claim: string]: unknown;
}

export type Session = { kind: 'none' } | { kind: 'user'; claims: TokenClaims } | { kind: 'linkShare'; claims: TokenClaims };

export const sessionAtom = atom<Session>({ kind: 'none' });
/** The signed-in user as GET /user returns it (with the JWT e-mail, which the server strips). */
export const userAtom = atom<User | null>(null);
export const isSignedInAtom = atom((get) => get(sessionAtom).kind !== 'none');
/** The user's first day of the week (0 Sunday … 6 Saturday) for "/w" date math; Sunday until settings say otherwise. */
export const weekStartAtom = atom((get) => get(userAtom)?.settings?.weekStart ?? DEFAULT_WEEK_START);

/** The name shown for a user: name when set, otherwise username. */
export function displayName(user: Pick<User, 'name' | 'username'> | null | undefined): string {
  if (!user) return '';
  return user.name && user.name.trim() !== '' ? user.name : user.username;
}

export function parseToken(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
    const claims = JSON.parse(json) as TokenClaims;
    return typeof claims.exp === 'number' ? claims : null;
  } catch {
    return null;
  }
}

/** A token is valid while its exp is not in the past. */
export function isTokenValid(claims: TokenClaims | null, now = Date.now()): claims is TokenClaims {
  return claims !== null && claims.exp * 1000 >= now;
}

function sessionFromClaims(claims: TokenClaims): Session {
  // A negative id (or type 2) is a link share acting as a pseudo user.
  return claims.type === 2 || claims.id < 0 ? { kind: 'linkShare', claims } : { kind: 'user', claims };
}

export function saveToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token);
}

let lastUserRefresh = 0;
let renewalTimer: ReturnType<typeof setTimeout> | null = null;

function cancelRenewal(): void {
  if (renewalTimer !== null) clearTimeout(renewalTimer);
  renewalTimer = null;
}

/** Drops the in-memory session (not storage) and everything loaded for it: whoever signs in next starts empty. */
function resetSession(): void {
  cancelRenewal();
  lastUserRefresh = 0;
  appStore.set(sessionAtom, { kind: 'none' });
  appStore.set(userAtom, null);
  clearStore();
}

/**
 * Reads the stored token: valid → session from its claims, a user refresh and a scheduled renewal;
 * missing, unreadable or expired → no session. `userInBackground` resolves without waiting for the user refresh.
 */
export async function checkAuth(opts: { forceRefresh?: boolean; userInBackground?: boolean } = {}): Promise<boolean> {
  const token = readStorage(STORAGE_KEYS.token);
  const claims = token ? parseToken(token) : null;
  // Read before the validity check, which narrows `claims` to null when the token has expired.
  const shareHash = claims && sessionFromClaims(claims).kind === 'linkShare' && typeof claims.hash === 'string' ? claims.hash : '';
  if (!isTokenValid(claims)) {
    resetSession();
    // A link share's token that ran out (say, overnight) sends the visitor back to the share's auth screen, which
    // tries the share again (and asks for its password if it has one), rather than to a login they have no account for.
    if (shareHash) {
      removeStorage(STORAGE_KEYS.token);
      navigateTo(linkShareAuthPath(shareHash), { replace: true });
    }
    return false;
  }
  const session = sessionFromClaims(claims);
  appStore.set(sessionAtom, session);
  if (session.kind === 'user' && !appStore.get(userAtom)) {
    // Show what the token knows right away; GET /user fills in the rest.
    appStore.set(userAtom, { id: claims.id, username: claims.username ?? '', name: claims.name, email: claims.email });
  }
  scheduleTokenRenewal();
  // refreshUser already logs out on a dead token; other failures keep the session.
  const refreshed = refreshUser(opts.forceRefresh ?? false).catch(() => undefined);
  // At start-up the token is enough to show the app and request its data: the user check runs beside them.
  if (opts.userInBackground) return true;
  await refreshed;
  return appStore.get(sessionAtom).kind !== 'none';
}

/** GET /user, at most once a minute unless forced; "invalid or expired jwt" logs out. */
export async function refreshUser(force = false): Promise<void> {
  const now = Date.now();
  if (!force && lastUserRefresh !== 0 && now - lastUserRefresh < USER_REFRESH_THROTTLE_MS) return;
  lastUserRefresh = now;
  let user: User;
  try {
    user = await userApi.currentUser();
  } catch (err) {
    if (err instanceof ApiError && err.message === 'invalid or expired jwt') {
      await logout();
      return;
    }
    throw new Error(`Error while refreshing user info: ${err instanceof Error ? err.message : String(err)}`);
  }
  const session = appStore.get(sessionAtom);
  const email = session.kind === 'none' ? undefined : session.claims.email;
  appStore.set(userAtom, { ...user, email: user.email ?? email });
  // The server's copy of the client preferences (quick-add mode, pop sound) replaces the local mirror; loaded lazily.
  if (user.settings) void import('./frontendSettings').then((m) => m.syncFromUser(user)).catch(() => undefined);
  if (session.kind === 'user' && user.settings && !user.settings.language) {
    // Remember the language the user is reading the app in, without telling them.
    void userApi.saveGeneralSettings({ ...user.settings, language: currentLanguage() }).catch(() => undefined);
  }
}

/** Renews the token 5 s after being asked (repeated asks share one timer). */
export function scheduleTokenRenewal(): void {
  if (renewalTimer !== null) return;
  renewalTimer = setTimeout(() => {
    renewalTimer = null;
    renewTokenNow().catch((err: unknown) => console.error(err));
  }, TOKEN_RENEWAL_DELAY_MS);
}

/**
 * The password a link-share visitor typed, kept in memory only (never stored), so the share can be re-authenticated
 * when its token runs out. After a reload it is gone and the share's auth screen asks again.
 */
let linkSharePassword = '';

export function rememberLinkSharePassword(password: string): void {
  linkSharePassword = password;
}

/** The share's own auth screen (instead of login), keeping the view the visitor was on. */
export function linkShareAuthPath(hash: string, currentPath = typeof window === 'undefined' ? '' : window.location.pathname): string {
  const view = /^\/lists\/\d+\/(list|gantt|table|kanban)\/?$/.exec(currentPath)?.[1];
  return pathFor('link-share.auth', { share: hash }, { view });
}

/**
 * Link shares renew the link-share way: authenticate at the share again (its hash is in the token, the password in
 * memory). When that fails the visitor goes back to the share's auth screen, never to login.
 */
async function renewLinkShare(claims: TokenClaims): Promise<void> {
  const hash = typeof claims.hash === 'string' ? claims.hash : '';
  try {
    if (!hash) throw new Error('the link-share token names no share');
    const res = await userApi.linkShareAuth(hash, linkSharePassword);
    saveToken(res.token);
    const fresh = parseToken(res.token);
    if (isTokenValid(fresh)) appStore.set(sessionAtom, sessionFromClaims(fresh));
  } catch (err) {
    removeStorage(STORAGE_KEYS.token);
    resetSession();
    if (hash) navigateTo(linkShareAuthPath(hash));
    else navigateTo(pathFor('user.login'));
    throw new Error(`Error renewing the link share: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Renews the session: POST user/token for users (an HTTP failure ends the session), the share's auth for link shares. */
export async function renewTokenNow(): Promise<void> {
  const session = appStore.get(sessionAtom);
  if (session.kind === 'none') return;
  if (session.kind === 'linkShare') return renewLinkShare(session.claims);
  try {
    const { token } = await userApi.renewToken();
    saveToken(token);
    const claims = parseToken(token);
    if (isTokenValid(claims)) appStore.set(sessionAtom, sessionFromClaims(claims));
  } catch (err) {
    // No answer (offline, the server away): the token still holds, so this is no error; renewal waits for the network.
    if (err instanceof ApiError && err.status === 0) return renewWhenOnline();
    if (err instanceof ApiError && err.status > 0) await logout();
    throw new Error(`Error renewing token: ${err instanceof Error ? err.message : String(err)}`);
  }
}

let renewOnOnline: (() => void) | null = null;

function renewWhenOnline(): void {
  if (typeof window === 'undefined' || renewOnOnline) return;
  renewOnOnline = () => {
    renewOnOnline = null;
    scheduleTokenRenewal();
  };
  window.addEventListener('online', renewOnOnline, { once: true });
}

/** Window focus: an expired token re-checks auth and goes to login; under 60 hours left renews it. */
export async function onWindowFocus(now = Date.now()): Promise<void> {
  const session = appStore.get(sessionAtom);
  if (session.kind === 'none') return;
  const left = session.claims.exp * 1000 - now;
  if (left < 0) {
    // An expired link share gets a fresh token from its share (or its auth screen), not the login page.
    if (session.kind === 'linkShare') {
      await renewLinkShare(session.claims).catch((err: unknown) => console.error(err));
      return;
    }
    await checkAuth();
    navigateTo(pathFor('user.login'));
    return;
  }
  if (left < RENEW_ON_FOCUS_THRESHOLD_MS) scheduleTokenRenewal();
}

export type LoginResult = 'ok' | 'totpRequired';

/** Logs in; a 1017 without a passcode is not an error but a request for the one-time code. */
export async function login(payload: LoginPayload): Promise<LoginResult> {
  const body: LoginPayload = { ...payload };
  if (!body.totpPasscode) delete body.totpPasscode;
  try {
    const { token } = await userApi.login(body);
    saveToken(token);
  } catch (err) {
    if (err instanceof ApiError && err.code === 1017 && !payload.totpPasscode) return 'totpRequired';
    throw err;
  }
  await checkAuth({ forceRefresh: true });
  return 'ok';
}

/** Registers, then logs in with the same credentials. */
export async function register(payload: { username: string; email: string; password: string }): Promise<void> {
  await userApi.register(payload);
  await login({ username: payload.username, password: payload.password, longToken: false });
}

type SignOutHook = (apiUrl: string, userId: number) => unknown;
const signOutHooks = new Set<SignOutHook>();

/**
 * Registers what signing out must also remove, given the server address and the user (the local copy of src/local
 * deletes its database); run before the store is emptied. Not awaited: sign-out never waits for it.
 */
export function onSignOut(hook: SignOutHook): void {
  signOutHooks.add(hook);
}

/** Clears the token, the account's local storage and local copy, goes to login and re-checks auth. */
export async function logout(): Promise<void> {
  const session = appStore.get(sessionAtom);
  if (session.kind === 'user') for (const hook of signOutHooks) hook(apiBase(), session.claims.id);
  forgetPage();
  removeStorage(STORAGE_KEYS.token);
  clearAccountStorage();
  resetSession();
  navigateTo(pathFor('user.login'));
  await checkAuth();
  // Spec §2: with a single provider and no local login, end the provider's session as well.
  const providerLogout = await import('./openId').then(
    (m) => m.singleProviderLogoutUrl(appStore.get(configAtom)),
    () => null,
  );
  if (providerLogout) window.location.assign(providerLogout);
}

export interface LastVisited {
  name: string;
  params?: RouteParams;
  query?: RouteQuery;
}

export function saveLastVisited(route: LastVisited): void {
  writeStorage(STORAGE_KEYS.lastVisited, JSON.stringify(route));
}

/** Where to go after signing in: the remembered destination (consumed), else home. */
export function takeLastVisitedPath(): string {
  const last = readJson<LastVisited>(STORAGE_KEYS.lastVisited);
  removeStorage(STORAGE_KEYS.lastVisited);
  if (last && last.name === 'not-found' && typeof last.params?.path === 'string' && last.params.path.startsWith('/')) {
    const qs = new URLSearchParams(
      Object.entries(last.query ?? {})
        .filter(([, v]) => v != null)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    return qs ? `${last.params.path}?${qs}` : last.params.path;
  }
  if (last && typeof last.name === 'string' && !last.name.startsWith('user.login')) {
    try {
      // Read back from storage, so possibly written by an older version: pathFor throws for a name it no longer has.
      return pathFor(last.name as RouteName, last.params ?? {}, last.query ?? {});
    } catch {
      // a route that no longer exists
    }
  }
  return pathFor('home');
}
