// Imports: a data export of this server (the "vikunja-file" migrator) and a TickTick CSV backup ("ticktick").
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context.js';
import { toWireDate } from '../clock.js';
import { apiError } from '../errors.js';
import { ensureMultipart, readUpload, spoolUpload, UploadSpool } from '../export/upload.js';
import { openZip } from '../export/zip.js';
import { importExport, importData } from '../export/importExport.js';
import { tickTickContent } from '../export/ticktick.js';
import { archiveReadLimits, maxArchiveUpload, MAX_IMPORT_DATA_BYTES } from '../export/importLimits.js';

/** The file migrators: each turns its upload into an import, recorded under its name. */
const MIGRATORS = ['vikunja-file', 'ticktick'] as const;

export default async function migration(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  await ensureMultipart(app);

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

  // The archive goes to disk as it arrives and is read back one member at a time within importLimits' budgets.
  app.put('/migration/vikunja-file/migrate', async (req) => {
    const user = userOf(req);
    const spool = new UploadSpool();
    try {
      const upload = await spoolUpload(req, 'import', maxArchiveUpload(config), spool);
      const archive = await openZip(upload.path, archiveReadLimits(config));
      try {
        await importExport(db, config, user.id, archive);
      } finally {
        archive.close();
      }
    } finally {
      await spool.remove();
    }
    return { message: 'Everything was migrated successfully.' };
  });

  app.put('/migration/ticktick/migrate', async (req) => {
    const user = userOf(req);
    let upload;
    try {
      upload = await readUpload(req, 'import', MAX_IMPORT_DATA_BYTES);
    } catch (err) {
      // The whole CSV is parsed in memory, so a larger one is refused like an archive beyond its budget.
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw apiError(2090, `The TickTick backup is larger than ${MAX_IMPORT_DATA_BYTES} bytes.`);
      throw err;
    }
    await importData(db, config, user.id, tickTickContent(upload.data.toString('utf8')), 'ticktick');
    return { message: 'Everything was migrated successfully.' };
  });
}
