// A real OpenID Connect provider (oidc-provider) for the e2e tests, on 127.0.0.1:3498, with its development login pages.
import type { Server } from 'node:http';

/** The slice of oidc-provider used here (the package ships no type declarations). */
interface OidcProvider {
  listen(port: number, host: string, cb: () => void): Server;
  on(event: 'server_error', cb: (ctx: unknown, err: Error) => void): void;
}
type ProviderCtor = new (issuer: string, config: Record<string, unknown>) => OidcProvider;

export const OIDC_PORT = 3498;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
/** Must match KEYFLOW_OPENID_PROVIDERS in playwright.config.ts. */
export const OIDC_CLIENT = { id: 'keyflow-e2e', secret: 'keyflow-e2e-client-secret' };

/** The provider's claims for an account id: the login name typed on the provider's own sign-in page. */
export function accountClaims(accountId: string) {
  return {
    sub: accountId,
    email: `${accountId}@oidc.example.com`,
    email_verified: true,
    preferred_username: accountId,
    name: `Oidc ${accountId}`,
  };
}

export async function startOidcProvider(appOrigin: string): Promise<{ close: () => Promise<void> }> {
  // A computed specifier keeps TypeScript from looking for the missing declarations.
  const moduleName = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as { default: ProviderCtor };
  const provider = new Provider(OIDC_ISSUER, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${appOrigin}/auth/openid/local`],
        post_logout_redirect_uris: [`${appOrigin}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => accountClaims(id) };
    },
    // The quick-start login and consent pages: a real browser round trip through the provider's own forms.
    features: { devInteractions: { enabled: true } },
  });
  // Provider-side failures would otherwise only show as a generic error page in the browser.
  provider.on('server_error', (_ctx, err) => console.error('[oidc-provider]', err));
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(OIDC_PORT, '127.0.0.1', () => resolve(s));
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
