// OpenID Connect: the redirect to a provider with a saved random state.
import type { OpenIdProvider } from '../../api/info';
import { OPENID_STATE_LENGTH } from '../../constants';
import { writeStorage, STORAGE_KEYS } from '../../state/storage';

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
