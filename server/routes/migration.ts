// Imports: a data export of this server (the "vikunja-file" migrator) and a TickTick CSV backup ("ticktick").
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context.js';
import { toWireDate } from '../clock.js';
import { ensureMultipart, readUpload } from '../export/upload.js';
import { readZip } from '../export/zip.js';
import { importExport, importData } from '../export/importExport.js';
import { tickTickContent } from '../export/ticktick.js';

/** The file migrators: each turns its upload into an import, recorded under its name. */
const MIGRATORS = ['vikunja-file', 'ticktick'] as const;

export default async function migration(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  await ensureMultipart(app);
  // An export holds many attachments, each up to the attachment limit; allow a generous multiple.
  const maxArchive = Math.max(config.maxFileSize * 10, 200 * 1024 * 1024);

  for (const migrator of MIGRATORS) {
    app.get(`/migration/${migrator}/status`, async (req) => {
      const user = userOf(req);
      const row = await db
        .selectFrom('migration_status')
        .select(['id', 'migrator_name', 'created'])
        .where('user_id', '=', user.id)
        .where('migrator_name', '=', migrator)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      // The reference server calls the timestamp `time` and the v0.20 client reads that key; `created` is kept alongside.
      const when = toWireDate(row?.created ?? null);
      return { id: row?.id ?? 0, migrator_name: row?.migrator_name ?? '', time: when, created: when };
    });
  }

  app.put('/migration/vikunja-file/migrate', async (req) => {
    const user = userOf(req);
    const upload = await readUpload(req, 'import', maxArchive);
    const files = await readZip(upload.data, { maxEntries: 100_000, maxTotalBytes: maxArchive * 4 });
    await importExport(db, config, user.id, files);
    return { message: 'Everything was migrated successfully.' };
  });

  app.put('/migration/ticktick/migrate', async (req) => {
    const user = userOf(req);
    const upload = await readUpload(req, 'import', maxArchive);
    await importData(db, config, user.id, tickTickContent(upload.data.toString('utf8')), 'ticktick');
    return { message: 'Everything was migrated successfully.' };
  });
}
