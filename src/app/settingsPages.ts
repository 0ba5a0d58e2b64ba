// The settings sub-pages in navigation order, each with its route, title key and whether this account and server offer it.
import type { ServerInfo } from '../api/info';
import type { User } from '../api/user';
import type { RouteName } from '../routes';

export interface SettingsPageDef {
  /** The child route name, `user.settings.<id>`, and the hash `user.settings#<id>` resolves to. */
  id: 'general' | 'password-update' | 'email-update' | 'avatar' | 'totp' | 'caldav' | 'data-export' | 'deletion';
  title: string;
  available: (config: ServerInfo | null, user: User | null) => boolean;
}

// Accounts from an OpenID provider have no local password or e-mail to change (the server answers 1021).
const local = (_c: ServerInfo | null, u: User | null) => u?.isLocalUser !== false;

export const SETTINGS_PAGES: SettingsPageDef[] = [
  { id: 'general', title: 'user.settings.general.title', available: () => true },
  { id: 'password-update', title: 'user.settings.password.title', available: local },
  { id: 'email-update', title: 'user.settings.email.title', available: local },
  { id: 'avatar', title: 'user.settings.avatar.title', available: () => true },
  { id: 'totp', title: 'user.settings.totp.title', available: (c, u) => c?.totpEnabled !== false && local(c, u) },
  { id: 'caldav', title: 'user.settings.caldav.title', available: (c) => c?.caldavEnabled !== false },
  { id: 'data-export', title: 'user.export.title', available: () => true },
  { id: 'deletion', title: 'user.deletion.title', available: (c) => c?.userDeletionEnabled !== false },
];

export function routeOf(id: SettingsPageDef['id']): RouteName {
  return `user.settings.${id}`;
}
