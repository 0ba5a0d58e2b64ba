// Account settings calls: general settings (with the client's frontend_settings), password, e-mail, avatar, time zones.
import { get, post, put } from './client';
import type { UserSettings } from './user';

/** Quick-add prefix modes as the parsers name them; unknown stored values count as disabled. */
export type QuickAddMode = 'disabled' | 'vikunja' | 'todoist';

/**
 * Small client preferences the server keeps for us in `frontend_settings` (sent with the general
 * settings), so they follow the person to other browsers.
 */
export interface FrontendSettings {
  quickAddMagicMode?: string;
  playSoundWhenDone?: boolean;
  colorScheme?: string;
  [key: string]: unknown;
}

/** The body of POST /user/settings/general: every key is overwritten, so always send all of them. */
export interface GeneralSettings extends UserSettings {
  frontendSettings: FrontendSettings;
}

export function saveSettings(settings: GeneralSettings): Promise<{ message?: string }> {
  return post('user/settings/general', settings);
}

export function updatePassword(oldPassword: string, newPassword: string): Promise<{ message?: string }> {
  return post('user/password', { oldPassword, newPassword });
}

export function updateEmail(newEmail: string, password: string): Promise<{ message?: string }> {
  return post('user/settings/email', { newEmail, password });
}

import { AVATAR_PROVIDERS, type AvatarProvider } from '../model/avatars';

export { AVATAR_PROVIDERS, type AvatarProvider };

export async function getAvatarProvider(): Promise<AvatarProvider> {
  const res = await get<{ avatarProvider?: string }>('user/settings/avatar');
  const p = res.avatarProvider as AvatarProvider | undefined;
  return p && AVATAR_PROVIDERS.includes(p) ? p : 'initials';
}

export function setAvatarProvider(avatarProvider: AvatarProvider): Promise<{ message?: string }> {
  return post('user/settings/avatar', { avatarProvider });
}

/** Uploads an (already cropped) image as the avatar, multipart field `avatar`. */
export function uploadAvatar(image: Blob, filename = 'avatar.png'): Promise<{ message?: string }> {
  const form = new FormData();
  form.append('avatar', image, filename);
  return put('user/settings/avatar/upload', form);
}

export async function getTimezones(): Promise<string[]> {
  return (await get<string[] | null>('user/timezones')) ?? [];
}
