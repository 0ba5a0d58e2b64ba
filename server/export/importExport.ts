// Recreates the content of a data export archive in a user's account (the vikunja-file migrator).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import { saveFile, deleteFiles } from '../files.js';
import { attachmentMime } from '../fileType.js';
import { fromWireDate, nowIso } from '../clock.js';
import { badRequest } from '../errors.js';
import { DATA_FILE, FILTERS_FILE, VERSION_FILE, filePath } from './format.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const int = (v: unknown, fallback = 0): number => Math.trunc(num(v, fallback));
const flag = (v: unknown): number => (v === true || v === 1 ? 1 : 0);
/** A stored date from an exported one; bad dates become "not set" instead of failing the import. */
const date = (v: unknown): string | null => fromWireDate(v) ?? null;
const stamp = (v: unknown, fallback: string): string => date(v) ?? fallback;

function parseJson(files: Map<string, Buffer>, name: string): unknown {
  const bytes = files.get(name);
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest(`${name} in the archive is not valid JSON.`);
  }
}

export interface ImportSummary {
  namespaces: number;
  lists: number;
  tasks: number;
  labels: number;
  attachments: number;
}

/**
 * Imports the archive's content for `userId` in one transaction: on any failure nothing stays,
 * including stored file bytes. Ids are remapped; list identifiers already used elsewhere are dropped
 * (they are unique server-wide); labels are reused when the user already has one with the same title.
 */
export async function importExport(db: Db, config: Config, userId: number, files: Map<string, Buffer>): Promise<ImportSummary> {
  if (!files.has(VERSION_FILE) || !files.has(DATA_FILE)) throw badRequest('This is not a data export: VERSION or data.json is missing.');
  const data = parseJson(files, DATA_FILE);
  if (!Array.isArray(data)) throw badRequest('data.json must hold an array of namespaces.');
  return importData(db, config, userId, { namespaces: data, filters: arr(parseJson(files, FILTERS_FILE)), files }, 'vikunja-file');
}

/** What an import brings: namespaces in the export's shape (data.json), saved filters, and file bytes by `filePath`. */
export interface ImportContent {
  namespaces: unknown[];
  filters: unknown[];
  files: Map<string, Buffer>;
}

/**
 * Creates `content` in the account of `userId` and records the import under `migrator` (its status route reads
 * that). Other migrators convert their service's data to the export's shape and come through here too.
 */
export async function importData(db: Db, config: Config, userId: number, content: ImportContent, migrator: string): Promise<ImportSummary> {
  const { namespaces: data, filters, files } = content;

  // The exporting account: tasks assigned to it become assigned to the importing account.
  const exporterIds = new Set<number>();
  const exporterNames = new Set<string>();
  for (const ns of data) {
    if (isObj(ns) && isObj(ns.owner)) {
      exporterIds.add(int(ns.owner.id));
      exporterNames.add(str(ns.owner.username));
    }
  }
  const savedFileIds: number[] = [];
  const summary: ImportSummary = { namespaces: 0, lists: 0, tasks: 0, labels: 0, attachments: 0 };
  const now = nowIso();

  const storeFile = async (trx: Db, meta: unknown): Promise<number | null> => {
    if (!isObj(meta)) return null;
    const bytes = files.get(filePath(int(meta.id)));
    if (!bytes) return null;
    const f = await saveFile(trx, config, bytes, { name: str(meta.name, 'file'), mime: await attachmentMime(bytes, str(meta.mime)), createdById: userId });
    savedFileIds.push(f.id);
    // Keep the original upload time; saveFile stamps "now".
    const created = date(meta.created);
    if (created) await trx.updateTable('files').set({ created }).where('id', '=', f.id).execute();
    return f.id;
  };

  try {
    await db.transaction().execute(async (trx) => {
      const ownLabels = await trx.selectFrom('labels').select(['id', 'title']).where('created_by_id', '=', userId).orderBy('id').execute();
      const labelByTitle = new Map<string, number>();
      for (const l of ownLabels) if (!labelByTitle.has(l.title)) labelByTitle.set(l.title, l.id);
      const labelMap = new Map<number, number>();
      const taskMap = new Map<number, number>();
      const attachmentMap = new Map<number, number>();
      const pendingRelations: { task: number; other: number; kind: string; created: string }[] = [];
      const pendingCovers: { task: number; cover: number }[] = [];

      const labelFor = async (l: Obj): Promise<number> => {
        const oldId = int(l.id);
        const known = labelMap.get(oldId);
        if (known !== undefined && oldId !== 0) return known;
        const title = str(l.title).trim() || 'Label';
        let id = labelByTitle.get(title);
        if (id === undefined) {
          const row = await trx
            .insertInto('labels')
            .values({
              title,
              description: str(l.description),
              hex_color: str(l.hex_color).replace(/^#/, '').slice(0, 6),
              created_by_id: userId,
              created: stamp(l.created, now),
              updated: stamp(l.updated, now),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = row.id;
          labelByTitle.set(title, id);
          summary.labels += 1;
        }
        labelMap.set(oldId, id);
        return id;
      };

      for (const nsRaw of data) {
        if (!isObj(nsRaw)) continue;
        const ns = await trx
          .insertInto('namespaces')
          .values({
            title: str(nsRaw.title).trim() || 'Imported',
            description: str(nsRaw.description),
            owner_id: userId,
            hex_color: str(nsRaw.hex_color).replace(/^#/, '').slice(0, 6),
            is_archived: flag(nsRaw.is_archived),
            created: stamp(nsRaw.created, now),
            updated: stamp(nsRaw.updated, now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        summary.namespaces += 1;

        for (const lRaw of arr(nsRaw.lists)) {
          if (!isObj(lRaw)) continue;
          let identifier = str(lRaw.identifier).slice(0, 10);
          if (identifier) {
            const taken = await trx.selectFrom('lists').select('id').where('identifier', '=', identifier).executeTakeFirst();
            if (taken) identifier = '';
          }
          // Archives of the reference server name only background_file_id; ours also carry the file's metadata.
          const backgroundMeta = isObj(lRaw.background_file) ? lRaw.background_file : int(lRaw.background_file_id) > 0 ? { id: lRaw.background_file_id, name: 'background' } : null;
          const backgroundId = await storeFile(trx, backgroundMeta);
          const list = await trx
            .insertInto('lists')
            .values({
              title: str(lRaw.title).trim() || 'Imported list',
              description: str(lRaw.description),
              identifier,
              hex_color: str(lRaw.hex_color).replace(/^#/, '').slice(0, 6),
              namespace_id: ns.id,
              owner_id: userId,
              is_archived: flag(lRaw.is_archived),
              background_file_id: backgroundId,
              background_blur_hash: backgroundId ? str(lRaw.background_blur_hash) : '',
              position: num(lRaw.position),
              created: stamp(lRaw.created, now),
              updated: stamp(lRaw.updated, now),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          summary.lists += 1;
          if (lRaw.is_favorite === true) await trx.insertInto('favorites').values({ entity_id: list.id, user_id: userId, kind: 2, created: now }).execute();

          const bucketMap = new Map<number, number>();
          let firstBucket: number | null = null;
          for (const bRaw of arr(lRaw.buckets)) {
            if (!isObj(bRaw)) continue;
            const b = await trx
              .insertInto('buckets')
              .values({
                title: str(bRaw.title).trim() || 'Bucket',
                list_id: list.id,
                limit: Math.max(0, int(bRaw.limit)),
                is_done_bucket: flag(bRaw.is_done_bucket),
                position: num(bRaw.position),
                created_by_id: userId,
                created: stamp(bRaw.created, now),
                updated: stamp(bRaw.updated, now),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            bucketMap.set(int(bRaw.id), b.id);
            firstBucket ??= b.id;
          }
          // Every list needs a bucket, or creating tasks in it later fails (10002).
          if (firstBucket === null) {
            const b = await trx
              .insertInto('buckets')
              .values({ title: 'Backlog', list_id: list.id, limit: 0, is_done_bucket: 0, position: 0, created_by_id: userId, created: now, updated: now })
              .returning('id')
              .executeTakeFirstOrThrow();
            firstBucket = b.id;
            await trx.updateTable('buckets').set({ position: b.id * 65536 }).where('id', '=', b.id).execute();
          }

          for (const tRaw of arr(lRaw.tasks)) {
            if (!isObj(tRaw)) continue;
            let uid = str(tRaw.uid);
            if (uid) {
              const taken = await trx.selectFrom('tasks').select('id').where('uid', '=', uid).executeTakeFirst();
              if (taken) uid = randomUUID();
            }
            const task = await trx
              .insertInto('tasks')
              .values({
                title: str(tRaw.title).trim() || 'Untitled task',
                description: str(tRaw.description),
                done: flag(tRaw.done),
                done_at: date(tRaw.done_at),
                due_date: date(tRaw.due_date),
                list_id: list.id,
                repeat_after: Math.max(0, int(tRaw.repeat_after)),
                repeat_mode: int(tRaw.repeat_mode),
                priority: int(tRaw.priority),
                start_date: date(tRaw.start_date),
                end_date: date(tRaw.end_date),
                hex_color: str(tRaw.hex_color).replace(/^#/, '').slice(0, 6),
                percent_done: num(tRaw.percent_done),
                index: int(tRaw.index),
                uid,
                cover_image_attachment_id: 0,
                created_by_id: userId,
                bucket_id: bucketMap.get(int(tRaw.bucket_id)) ?? firstBucket,
                position: num(tRaw.position),
                kanban_position: num(tRaw.kanban_position),
                created: stamp(tRaw.created, now),
                updated: stamp(tRaw.updated, now),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            taskMap.set(int(tRaw.id), task.id);
            summary.tasks += 1;
            if (tRaw.is_favorite === true) await trx.insertInto('favorites').values({ entity_id: task.id, user_id: userId, kind: 1, created: now }).execute();

            const reminders = [...new Set(arr(tRaw.reminder_dates).map(date).filter((d): d is string => d !== null))].sort();
            for (const reminder of reminders) await trx.insertInto('task_reminders').values({ task_id: task.id, reminder, created: now }).execute();

            // Other people's accounts are not part of the export; only the exporter's own assignments carry over.
            const assignedToExporter = arr(tRaw.assignees).some((a) => isObj(a) && (exporterIds.has(int(a.id)) || exporterNames.has(str(a.username))));
            if (assignedToExporter) await trx.insertInto('task_assignees').values({ task_id: task.id, user_id: userId, created: now }).execute();

            const seenLabels = new Set<number>();
            for (const l of arr(tRaw.labels)) {
              if (!isObj(l)) continue;
              const labelId = await labelFor(l);
              if (seenLabels.has(labelId)) continue;
              seenLabels.add(labelId);
              await trx.insertInto('label_tasks').values({ task_id: task.id, label_id: labelId, created: now }).execute();
            }

            for (const a of arr(tRaw.attachments)) {
              if (!isObj(a)) continue;
              const fileId = await storeFile(trx, a.file);
              if (fileId === null) continue;
              const row = await trx
                .insertInto('task_attachments')
                .values({ task_id: task.id, file_id: fileId, created_by_id: userId, created: stamp(a.created, now) })
                .returning('id')
                .executeTakeFirstOrThrow();
              attachmentMap.set(int(a.id), row.id);
              summary.attachments += 1;
            }
            const cover = int(tRaw.cover_image_attachment_id);
            if (cover) pendingCovers.push({ task: task.id, cover });

            for (const c of arr(tRaw.comments)) {
              if (!isObj(c) || !str(c.comment)) continue;
              await trx
                .insertInto('task_comments')
                .values({ comment: str(c.comment), author_id: userId, task_id: task.id, created: stamp(c.created, now), updated: stamp(c.updated, now) })
                .execute();
            }

            if (isObj(tRaw.related_tasks)) {
              for (const [kind, others] of Object.entries(tRaw.related_tasks)) {
                for (const o of arr(others)) if (isObj(o)) pendingRelations.push({ task: int(tRaw.id), other: int(o.id), kind, created: now });
              }
            }
          }
        }
      }

      // Relations once every task exists; ones pointing outside the archive have nothing to point to.
      const seen = new Set<string>();
      for (const r of pendingRelations) {
        const task = taskMap.get(r.task);
        const other = taskMap.get(r.other);
        if (task === undefined || other === undefined || task === other) continue;
        const key = `${task}:${r.kind}:${other}`;
        if (seen.has(key)) continue;
        seen.add(key);
        await trx.insertInto('task_relations').values({ task_id: task, other_task_id: other, relation_kind: r.kind, created_by_id: userId, created: r.created }).execute();
      }
      for (const c of pendingCovers) {
        const att = attachmentMap.get(c.cover);
        if (att !== undefined) await trx.updateTable('tasks').set({ cover_image_attachment_id: att }).where('id', '=', c.task).execute();
      }

      for (const f of filters) {
        if (!isObj(f) || !str(f.title).trim()) continue;
        const row = await trx
          .insertInto('saved_filters')
          .values({
            title: str(f.title).trim(),
            description: str(f.description),
            filters: JSON.stringify(isObj(f.filters) ? f.filters : {}),
            owner_id: userId,
            created: stamp(f.created, now),
            updated: stamp(f.updated, now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (f.is_favorite === true) await trx.insertInto('favorites').values({ entity_id: -(row.id + 1), user_id: userId, kind: 2, created: now }).execute();
      }

      await trx.insertInto('migration_status').values({ user_id: userId, migrator_name: migrator, created: nowIso() }).execute();
    });
  } catch (err) {
    // The rows are rolled back; the bytes written meanwhile must go too.
    await deleteFiles(db, config, savedFileIds).catch(() => undefined);
    throw err;
  }
  return summary;
}
