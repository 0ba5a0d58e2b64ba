// Serves the built client: hashed assets cached for a year, everything else revalidated; brotli/gzip copies from the
// build when the browser accepts them; every other GET outside the API falls back to index.html (the client routes).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed output: the name changes with the content, so it never needs revalidating. */
const HASHED = /^\/assets\/.+-[\w-]{8,}\.(js|css|woff2?|png|svg|webp)$/;

export function cacheControlFor(urlPath: string): string {
  return HASHED.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function registerClient(app: FastifyInstance, clientDir: string, enabled: boolean): Promise<void> {
  const hasClient = enabled && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const rel = '/' + path.relative(clientDir, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        reply.header('cache-control', cacheControlFor(rel));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasClient) {
      return reply.code(404).send({ message: 'Not Found' });
    }
    // SPA fallback: every other GET is the client, which routes by itself.
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
