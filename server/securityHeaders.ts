// Security headers on every response (helmet): a strict Content-Security-Policy for the app, no framing, nosniff,
// no referrer, a Permissions-Policy; API answers get a policy that allows nothing; user files a sandboxing one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** For files people uploaded (attachments, backgrounds, avatars): nothing runs, even when opened directly. */
export const USER_FILE_CSP = "default-src 'none'; sandbox";

/** For API answers: JSON is never a document, so it may load and run nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Powerful features the app never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), interest-cohort=()';

/** The headers a user file is served with, whatever route serves it. */
export function userFileHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('x-content-type-options', 'nosniff').header('content-security-policy', USER_FILE_CSP);
}

/**
 * The 'sha256-…' sources of the inline <script> blocks of the built index.html, so the page's own boot script
 * (the API address and the colour scheme before first paint) runs while any other inline script is refused.
 */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return out;
}

/** The app's policy directives for a client whose index.html holds these inline scripts. */
export function appCspDirectives(scriptHashes: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // Styles cannot run code; the toast library and the first-paint wordmark inject inline styles, so they stay allowed.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Markdown in descriptions and comments may show images from anywhere; avatars, QR codes and crops are blobs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // The client may be pointed at another API server (spec §7), so any http(s) origin may be called.
    'connect-src': ["'self'", 'https:', 'http:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, clientDir: string, serveClient: boolean): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  const hashes = serveClient && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(hashes) },
    // The API answers other origins (CORS *) and its avatars are <img> sources of other clients.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // A share link carries its secret hash in the path: never send it on to the sites that tasks link to.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // HTTPS and its pinning are the reverse proxy's decision; this server often runs on plain HTTP in a LAN.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!req.url.startsWith('/api/')) return;
    // The API's one HTML page (the route list) is styled inline and runs nothing.
    const docsPage = /^\/api\/v1\/docs(\?|$)/.test(req.url);
    reply.header('content-security-policy', docsPage ? "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" : API_CSP);
  });
}
