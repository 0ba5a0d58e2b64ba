// Every API route module, registered under /api/v1. A new area adds its module here.
import type { FastifyInstance } from 'fastify';
import info from './info.js';
import totp from './totp.js';
import accountSettings from './accountSettings.js';
import deletion from './deletion.js';

const modules: ((app: FastifyInstance) => Promise<void>)[] = [info, totp, accountSettings, deletion];

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  for (const m of modules) await app.register(m);
}
