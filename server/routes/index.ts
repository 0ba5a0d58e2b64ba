// Every API route module, registered under /api/v1. A new area adds its module here.
import type { FastifyInstance } from 'fastify';
import info from './info.js';
import totp from './totp.js';
import accountSettings from './accountSettings.js';
import deletion from './deletion.js';
import exportRoutes from './export.js';
import migration from './migration.js';
import openid from './openid.js';
import caldavTokens from './caldavTokens.js';
import tasks from './tasks.js';
import taskCollection from './taskCollection.js';
import labels from './labels.js';
import taskLabels from './taskLabels.js';
import assignees from './assignees.js';
import relations from './relations.js';
import attachments from './attachments.js';
import comments from './comments.js';
import buckets from './buckets.js';
import namespaces from './namespaces.js';
import lists from './lists.js';
import teams from './teams.js';
import sharing from './sharing.js';
import linkShares from './linkShares.js';
import filters from './filters.js';
import subscriptions from './subscriptions.js';
import notifications from './notifications.js';
import backgrounds from './backgrounds.js';
import auth from './auth.js';
import user from './user.js';
import avatar from './avatar.js';
import testData from './testData.js';

const modules: ((app: FastifyInstance) => Promise<void>)[] = [info, totp, accountSettings, deletion, exportRoutes, migration, openid, caldavTokens, tasks, taskCollection, labels, taskLabels, assignees, relations, attachments, comments, buckets];

// Namespaces, lists, teams, sharing, link shares, filters, subscriptions, notifications, backgrounds.
modules.push(namespaces, lists, teams, sharing, linkShares, filters, subscriptions, notifications, backgrounds);

// Sign-up, sign-in and tokens; the current user, settings and user search; avatars.
modules.push(auth, user, avatar);

// Seeding for end-to-end suites, only with a testing token configured.
modules.push(testData);

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  for (const m of modules) await app.register(m);
}
