// OpenID Connect: the redirect to a provider with a saved random state, and the provider logout after signing out.
import type { OpenIdProvider, ServerInfo } from '../api/info';
import { OPENID_STATE_LENGTH } from '../constants';
import { writeStorage, STORAGE_KEYS } from './storage';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomState(length = OPENID_STATE_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export function providerAuthUrl(provider: OpenIdProvider, redirectBase: string, state: string): string {
  const url = new URL(provider.authUrl);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', `${redirectBase.replace(/\/?$/, '/')}${provider.key}`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  return url.toString();
}

export function redirectToProvider(provider: OpenIdProvider, redirectBase: string): void {
  const state = randomState();
  writeStorage(STORAGE_KEYS.openIdState, state);
  window.location.assign(providerAuthUrl(provider, redirectBase, state));
}

/**
 * Where to send the browser after logout: the provider's logout URL, but only when that provider is the only
 * way in (local login off, exactly one provider). Otherwise its still-open session would sign the visitor
 * straight back in on the next visit; with other ways in, the login page is the better landing.
 */
export function singleProviderLogoutUrl(info: ServerInfo | null): string | null {
  if (!info || info.auth?.local?.enabled !== false) return null;
  const oidc = info.auth?.openidConnect;
  const providers = oidc?.enabled ? (oidc.providers ?? []) : [];
  return providers.length === 1 && providers[0].logoutUrl ? providers[0].logoutUrl : null;
}
