// GET /info: the server's configuration, read before anything else.
import { get } from './client';

export interface OpenIdProvider {
  name: string;
  key: string;
  authUrl: string;
  clientId: string;
  logoutUrl?: string;
}

/** /info after case conversion (null values are dropped, hence the optional fields). */
export interface ServerInfo {
  version: string;
  frontendUrl?: string;
  motd?: string;
  linkSharingEnabled?: boolean;
  maxFileSize?: string;
  registrationEnabled?: boolean;
  availableMigrators?: string[];
  taskAttachmentsEnabled?: boolean;
  enabledBackgroundProviders?: string[];
  totpEnabled?: boolean;
  legal?: { imprintUrl?: string; privacyPolicyUrl?: string };
  caldavEnabled?: boolean;
  auth?: {
    local?: { enabled?: boolean };
    openidConnect?: { enabled?: boolean; redirectUrl?: string; providers?: OpenIdProvider[] };
  };
  emailRemindersEnabled?: boolean;
  userDeletionEnabled?: boolean;
  taskCommentsEnabled?: boolean;
}

export function getInfo(): Promise<ServerInfo> {
  return get<ServerInfo>('info', { anonymous: true });
}
