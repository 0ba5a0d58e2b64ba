// Service routes: the description of this server's API (/docs.json, /docs) and the token test (/tokenTest).
//
// The description is built from the routes Fastify registered, so it lists exactly what this server
// answers; it names methods, paths, path parameters and whether a token is needed, not bodies.
import type { FastifyInstance } from 'fastify';
import { SERVER_VERSION } from './info.js';

/** One registered API route: method and path as Fastify has it (`/lists/:list`), without the API prefix. */
export interface ApiRoute {
  method: string;
  path: string;
  public: boolean;
}

type Operation = {
  tags: string[];
  parameters: { name: string; in: 'path'; required: true; type: 'string' }[];
  security?: { JWTKeyAuth: [] }[];
  responses: Record<string, { description: string }>;
};

export function apiDescription(routes: readonly ApiRoute[], basePath: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const r of sorted) {
    const params = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const swaggerPath = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const op: Operation = {
      tags: [r.path.split('/')[1] ?? ''],
      parameters: params.map((name) => ({ name, in: 'path', required: true, type: 'string' })),
      ...(r.public ? {} : { security: [{ JWTKeyAuth: [] }] }),
      responses: { default: { description: 'The entity or a {code, message} error' } },
    };
    (paths[swaggerPath] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    swagger: '2.0',
    info: { title: 'Keyflow API', description: 'The v0.20 task API as this server implements it.', version: SERVER_VERSION },
    basePath,
    consumes: ['application/json', 'multipart/form-data'],
    produces: ['application/json'],
    securityDefinitions: { JWTKeyAuth: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    paths,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function apiDocsPage(routes: readonly ApiRoute[], basePath: string): string {
  const rows = [...routes]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((r) => `<tr><td><code>${escapeHtml(r.method)}</code></td><td><code>${escapeHtml(basePath + r.path)}</code></td><td>${r.public ? 'no' : 'yes'}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Keyflow API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem .75rem;border-bottom:1px solid #ddd}</style>
</head><body>
<h1>Keyflow API ${escapeHtml(SERVER_VERSION)}</h1>
<p>The routes this server answers. Machine-readable: <a href="${escapeHtml(basePath)}/docs.json">docs.json</a>. Send a token as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<table><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Token</th></tr></thead><tbody>
${rows}
</tbody></table>
</body></html>`;
}

export function serviceRoutes(routes: readonly ApiRoute[], basePath: string) {
  return async function service(app: FastifyInstance): Promise<void> {
    app.get('/docs.json', async () => apiDescription(routes, basePath));
    app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(apiDocsPage(routes, basePath)));
    // A signed-in caller's token is good: the reference server answers that with 418.
    app.post('/tokenTest', async (_req, reply) => reply.code(418).send({ message: "I'm a teapot. Your token is valid." }));
  };
}
