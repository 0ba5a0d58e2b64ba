// Test helpers: fake JWTs and a reset of the shared session state.
import { appStore } from '../../src/state/store';
import { sessionAtom, userAtom } from '../../src/state/session';

/** An unsigned JWT whose payload the client can read (the client never verifies signatures). */
export function fakeToken(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;
}

export function userToken(hoursLeft: number, now = Date.now(), extra: Record<string, unknown> = {}): string {
  return fakeToken({ type: 1, id: 1, username: 'ada', email: 'ada@example.com', exp: Math.floor(now / 1000 + hoursLeft * 3600), ...extra });
}

export function resetSessionState(): void {
  appStore.set(sessionAtom, { kind: 'none' });
  appStore.set(userAtom, null);
}
