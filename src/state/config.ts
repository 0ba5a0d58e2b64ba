// The server configuration from /info, and the derived flags the screens read.
import { atom } from 'jotai/vanilla';
import type { ServerInfo } from '../api/info';

export const configAtom = atom<ServerInfo | null>(null);

export const localAuthEnabledAtom = atom((get) => get(configAtom)?.auth?.local?.enabled ?? true);
export const registrationEnabledAtom = atom((get) => get(configAtom)?.registrationEnabled ?? false);
export const openIdProvidersAtom = atom((get) => {
  const oidc = get(configAtom)?.auth?.openidConnect;
  return oidc?.enabled ? (oidc.providers ?? []) : [];
});
