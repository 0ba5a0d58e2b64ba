// Settings test helpers: a signed-in user with settings in the store, and a page rendered at its route.
import { appStore } from '../../../src/state/store';
import { sessionAtom, userAtom } from '../../../src/state/session';
import { configAtom } from '../../../src/state/config';
import type { User } from '../../../src/api/user';
import { renderRoute } from '../render';
import type { ComponentType } from 'react';

export const baseUser: User = {
  id: 1,
  username: 'ada',
  name: 'Ada',
  email: 'ada@example.com',
  isLocalUser: true,
  settings: {
    name: 'Ada',
    emailRemindersEnabled: true,
    discoverableByName: false,
    discoverableByEmail: false,
    overdueTasksRemindersEnabled: true,
    overdueTasksRemindersTime: '9:00',
    defaultListId: 0,
    weekStart: 1,
    timezone: 'Europe/Berlin',
    language: 'en',
  },
};

export function signIn(user: Partial<User> = {}): void {
  const exp = Math.floor(Date.now() / 1000) + 3600 * 70;
  appStore.set(sessionAtom, { kind: 'user', claims: { type: 1, id: 1, username: 'ada', exp } });
  appStore.set(userAtom, { ...baseUser, ...user });
  appStore.set(configAtom, { version: 'v', totpEnabled: true, caldavEnabled: true, userDeletionEnabled: true, availableMigrators: ['vikunja-file'] });
}

export function renderPage(Component: ComponentType, path: string, extra: { path: string; element: React.ReactNode }[] = []) {
  return renderRoute(Component, path, extra);
}
