// GET /info: what this server offers, read by the client before anything else.
import type { FastifyInstance } from 'fastify';

export const SERVER_VERSION = 'v0.20.4-keyflow';

export default async function info(app: FastifyInstance): Promise<void> {
  app.get('/info', async () => {
    const c = app.ctx.config;
    const providers = c.openIdProviders.map((p) => ({
      name: p.name,
      key: p.key,
      auth_url: p.authUrl,
      logout_url: p.logoutUrl,
      client_id: p.clientId,
    }));
    return {
      version: SERVER_VERSION,
      frontend_url: c.publicUrl,
      motd: c.motd,
      link_sharing_enabled: c.linkSharingEnabled,
      max_file_size: `${Math.round(c.maxFileSize / 1024 / 1024)}MB`,
      registration_enabled: c.registrationEnabled,
      available_migrators: ['vikunja-file', 'ticktick'],
      task_attachments_enabled: c.taskAttachmentsEnabled,
      enabled_background_providers: c.backgroundsEnabled ? ['upload'] : null,
      totp_enabled: c.totpEnabled,
      legal: { imprint_url: c.imprintUrl, privacy_policy_url: c.privacyPolicyUrl },
      caldav_enabled: c.caldavEnabled,
      auth: {
        local: { enabled: c.localAuthEnabled },
        openid_connect: {
          enabled: providers.length > 0,
          redirect_url: `${c.publicUrl}auth/openid/`,
          providers: providers.length > 0 ? providers : null,
        },
      },
      email_reminders_enabled: c.emailRemindersEnabled,
      user_deletion_enabled: c.userDeletionEnabled,
      task_comments_enabled: c.taskCommentsEnabled,
    };
  });
}
