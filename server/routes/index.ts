// Every API route module, registered under /api/v1. A new area adds its module here.
import type { FastifyInstance } from 'fastify';
import info from './info.js';

const modules: ((app: FastifyInstance) => Promise<void>)[] = [info];

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  for (const m of modules) await app.register(m);
}
