// The signed-in user's avatar version: bumped after a new avatar is saved, so every image of it is fetched again.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';

export const avatarVersionAtom = atom(0);

export function bumpAvatarVersion(): void {
  appStore.set(avatarVersionAtom, (v) => v + 1);
}
