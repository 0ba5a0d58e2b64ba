// Data export: build the archive on request (mailing a link when it is ready), download it with the password.
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context.js';
import { notFound } from '../errors.js';
import { saveFile, deleteFiles, openFile } from '../files.js';
import { buildExportZip } from '../export/buildExport.js';
import { sendAccountMail } from '../jobs.js';
import { confirmPassword, stringField } from './accountSettings.js';
import { rateLimited } from '../rateLimit.js';

export default async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  // Each checks the account password: guesses count against the sign-in limit, as they would at sign-in.
  const limited = { onRequest: rateLimited(app) };

  // Built within the request: even large accounts take seconds, and the caller learns of failures at once.
  // The mail still follows, as the client tells the user to wait for it.
  app.post('/user/export/request', limited, async (req, reply) => {
    const user = userOf(req);
    await confirmPassword(req, reply, user, stringField(req.body, 'password'), { nonLocal: 'skip' });
    const zip = await buildExportZip(db, config, user.id);
    const stamp = new Date().toISOString().slice(0, 10);
    const file = await saveFile(db, config, zip, { name: `keyflow-export-${user.username}-${stamp}.zip`, mime: 'application/zip', createdById: user.id });
    const previous = await db.selectFrom('users').select('export_file_id').where('id', '=', user.id).executeTakeFirst();
    await db.updateTable('users').set({ export_file_id: file.id }).where('id', '=', user.id).execute();
    if (previous?.export_file_id) await deleteFiles(db, config, [previous.export_file_id]);
    await sendAccountMail(config, {
      to: user.email,
      subject: 'Your data export is ready',
      text:
        `Hi ${user.name || user.username},\n\n` +
        'the export of your data is ready. Download it here (you will be asked for your password):\n\n' +
        `${config.publicUrl}user/export/download\n\n` +
        'The file is kept for 7 days.\n',
    });
    return { message: "Successfully requested data export. We will send you an email when it's ready." };
  });

  app.post('/user/export/download', limited, async (req, reply) => {
    const user = userOf(req);
    await confirmPassword(req, reply, user, stringField(req.body, 'password'), { nonLocal: 'skip' });
    const row = await db
      .selectFrom('users')
      .innerJoin('files', 'files.id', 'users.export_file_id')
      .select(['files.id', 'files.name'])
      .where('users.id', '=', user.id)
      .executeTakeFirst();
    const opened = row ? await openFile(config, row.id) : null;
    if (!row || !opened) throw notFound('No data export is available. Request a new one.');
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${row.name.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .header('content-length', opened.size)
      .send(opened.stream);
  });
}
