// Entity tags and If-Match preconditions: what makes a full-replace update of a task, list, namespace, label, bucket
// or saved filter safe against an edit someone else made meanwhile.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERRORS } from './errors.js';
import type { Db } from './db/database.js';

/**
 * An entity's ETag: its id and the millisecond of its last change. Every update moves `updated` forward (see
 * nextUpdated), so the tag changes with the entity. Clients can also build it from any copy they hold
 * (`"<id>-<updated as ms>"`), not only from the response of a single GET. Tags are per resource URL, so a list and a
 * task with the same id and stamp sharing a tag is harmless.
 */
export function entityEtag(entity: { id: number; updated: string }): string {
  return `"${entity.id}-${Date.parse(entity.updated)}"`;
}

/**
 * Whether an If-Match header allows changing the entity whose current tag is `etag` (RFC 9110 §13.1.1: `*` or a
 * list of strong tags; weak tags never match). No header means no condition: clients without it behave as before.
 */
export function ifMatchAllows(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').map((t) => t.trim()).some((t) => t === etag);
}

/** The stamp for an update: now, but always after the stored one, so two updates in one millisecond differ. */
export function nextUpdated(previous: string, now: string): string {
  const prev = Date.parse(previous);
  return Date.parse(now) > prev || Number.isNaN(prev) ? now : new Date(prev + 1).toISOString();
}

/**
 * Whether the request's update must only land on the version it was checked against: true when it sent an If-Match
 * naming a tag. The route then adds `where updated = <checked stamp>` to its write, so an update that commits between
 * the check and the write (another process, or PostgreSQL's read committed) turns this one into a conflict instead
 * of being overwritten.
 */
export function isConditional(req: FastifyRequest): boolean {
  const header = req.headers['if-match'];
  if (header === undefined) return false;
  return (Array.isArray(header) ? header.join(',') : header).trim() !== '*';
}

export type EntityKind = 'task' | 'list' | 'namespace' | 'label' | 'bucket' | 'filter';

/**
 * 412 with code 4090 and the entity as it is now (`current`), with its tag in the ETag header: what a client needs
 * to keep the person's changes over the other edit and retry. One code for every kind, so clients recognise the
 * conflict by one number; the message names the kind.
 */
export function changedMeanwhile(reply: FastifyReply, kind: EntityKind, etag: string, current: unknown): ApiError {
  reply.header('etag', etag);
  const message = kind === 'task' ? ERRORS[4090][1] : `The ${kind} was changed since you loaded it.`;
  return new ApiError(ERRORS[4090][0], 4090, message, undefined, { current });
}

/**
 * Checks the request's If-Match against the stored entity; throws the 4090 conflict (built with `current`, the
 * entity's response body) when it no longer matches.
 */
export async function checkIfMatch(
  req: FastifyRequest,
  reply: FastifyReply,
  kind: EntityKind,
  stored: { id: number; updated: string },
  current: () => Promise<unknown>,
): Promise<void> {
  const etag = entityEtag(stored);
  if (!ifMatchAllows(req.headers['if-match'], etag)) throw changedMeanwhile(reply, kind, etag, await current());
}

/**
 * For a conditional write that changed no row: the entity moved on between the check and the write. Reads it as it
 * is now and throws the 4090 conflict with it.
 */
export async function staleWrite<Row extends { id: number; updated: string }>(
  reply: FastifyReply,
  kind: EntityKind,
  load: () => Promise<Row>,
  json: (row: Row) => Promise<unknown>,
): Promise<never> {
  const row = await load();
  throw changedMeanwhile(reply, kind, entityEtag(row), await json(row));
}

/**
 * Holds the entity's row for the rest of the transaction if it still is at the version just read (a write that
 * changes nothing): under PostgreSQL's read committed, an update committing after that read would otherwise be
 * overwritten. A concurrent holder waits for this transaction, then finds the version moved on. False when the
 * version has already moved on: the caller answers the conflict.
 */
export async function holdVersion(trx: Db, table: 'tasks' | 'lists' | 'namespaces' | 'labels' | 'buckets', row: { id: number; updated: string }): Promise<boolean> {
  const result = await trx
    .updateTable(table)
    .set((eb) => ({ updated: eb.ref('updated') }))
    .where('id', '=', row.id)
    .where('updated', '=', row.updated)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
