// Sign-in and account calls: login, register, token renewal, current user, e-mail confirm, password reset, settings.
import { get, post } from './client';

export interface UserSettings {
  name: string;
  emailRemindersEnabled: boolean;
  discoverableByName: boolean;
  discoverableByEmail: boolean;
  overdueTasksRemindersEnabled: boolean;
  overdueTasksRemindersTime: string;
  defaultListId: number;
  weekStart: number;
  timezone: string;
  language: string;
}

export interface User {
  id: number;
  username: string;
  name?: string;
  email?: string;
  created?: Date | null;
  updated?: Date | null;
  settings?: Partial<UserSettings>;
  deletionScheduledAt?: Date | null;
  isLocalUser?: boolean;
  /** Whether a two-factor enrolment exists (our server's extension; absent from an upstream server). */
  totpEnrolled?: boolean;
}

export interface LoginPayload {
  username: string;
  password: string;
  longToken: boolean;
  totpPasscode?: string;
}

export function login(payload: LoginPayload): Promise<{ token: string }> {
  return post<{ token: string }>('login', payload, { anonymous: true });
}

export function register(payload: { username: string; email: string; password: string }): Promise<User> {
  return post<User>('register', payload, { anonymous: true });
}

/** POST user/token with the stored bearer token and no body. */
export function renewToken(): Promise<{ token: string }> {
  return post<{ token: string }>('user/token');
}

export function currentUser(): Promise<User> {
  return get<User>('user');
}

export function confirmEmail(token: string): Promise<{ message?: string }> {
  return post('user/confirm', { token }, { anonymous: true });
}

export function requestPasswordReset(email: string): Promise<{ message?: string }> {
  return post('user/password/token', { email }, { anonymous: true });
}

export function resetPassword(token: string, newPassword: string): Promise<{ message?: string }> {
  return post('user/password/reset', { token, newPassword }, { anonymous: true });
}

export function saveGeneralSettings(settings: Partial<UserSettings>): Promise<{ message?: string }> {
  return post('user/settings/general', settings);
}

export function confirmAccountDeletion(token: string): Promise<unknown> {
  return post('user/deletion/confirm', { token });
}

/** The avatar image address for a user (default size 50, 40 in the top bar). */
/** The avatar image address; a version other than 0 makes it a new address (after the user changed the avatar). */
export function avatarUrl(base: string, username: string, size = 50, version = 0): string {
  return `${base}/avatar/${encodeURIComponent(username)}?size=${size}${version ? `&v=${version}` : ''}`;
}

export interface LinkShareAuthResponse {
  token: string;
  listId: number;
  [key: string]: unknown;
}

export function linkShareAuth(hash: string, password: string): Promise<LinkShareAuthResponse> {
  return post<LinkShareAuthResponse>(`shares/${encodeURIComponent(hash)}/auth`, { password }, { anonymous: true });
}

export function openIdCallback(provider: string, code: string): Promise<{ token: string }> {
  return post<{ token: string }>(`auth/openid/${encodeURIComponent(provider)}/callback`, { code }, { anonymous: true });
}
