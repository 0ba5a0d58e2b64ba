// The signed-in user's avatar version: bumped after a new avatar is saved, so every image of it is fetched again.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { apiBase } from '../api/client';
import { avatarUrl } from '../api/user';

export const avatarVersionAtom = atom(0);

export function bumpAvatarVersion(): void {
  appStore.set(avatarVersionAtom, (v) => v + 1);
}

/** The address of a user's avatar image at a size (the signed-in user's with the version that shows their newest). */
export function avatarSrc(username: string, size: number, version = 0): string {
  return avatarUrl(apiBase(), username, size, version);
}
