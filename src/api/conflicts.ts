// Conflict-safe updates of lists, namespaces, labels and buckets, as task updates do them: send If-Match, and on
// 412/4090 keep the fields the person changed over the server's current entity and retry once.
import { ApiError } from './apiError';
import { fromApi } from './convert';

/** Keyflow's server answers an update whose If-Match is stale with this code (412) and the current entity. */
export const ENTITY_CHANGED = 4090;

interface Versioned {
  id: number;
  updated?: Date | null;
}

/** An entity's ETag as Keyflow's server builds it, from the id and the last change; null when the copy has no stamp. */
export function etagOf(entity: Versioned): string | null {
  return entity.updated ? `"${entity.id}-${entity.updated.getTime()}"` : null;
}

/** The If-Match header for an update of `entity` (none without a stamp: servers then apply it unconditionally). */
export function ifMatchHeaders(entity: Versioned): Record<string, string> | undefined {
  const etag = etagOf(entity);
  return etag ? { 'If-Match': etag } : undefined;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** What to send after a conflict: every field the person changed (edited against base) over the server's current copy. */
export function mergeEdits<T extends object>(base: T, edited: T, current: T): T {
  const out = { ...current } as Record<string, unknown>;
  const e = edited as Record<string, unknown>;
  const b = base as Record<string, unknown>;
  for (const key of Object.keys(e)) if (!same(e[key], b[key])) out[key] = e[key];
  return out as T;
}

/** How many versions of one entity are kept: enough for a view holding a copy a few saves old. */
const VERSIONS_KEPT = 4;

/**
 * The last versions of each entity of one kind the server sent, by id: after a conflict, the version an edit started
 * from tells which fields the person changed (those that differ from it) and which they left alone.
 */
export class ServerCopies<T extends Versioned> {
  private readonly copies = new Map<number, T[]>();

  remember<U extends T | T[]>(entities: U): U {
    for (const e of (Array.isArray(entities) ? entities : [entities]) as T[]) {
      // A copy without a stamp (an answer that carried only the id) says nothing about the version.
      if (!e.updated) continue;
      const stamp = e.updated.getTime();
      const kept = (this.copies.get(e.id) ?? []).filter((c) => c.updated?.getTime() !== stamp);
      kept.push(e);
      this.copies.set(e.id, kept.slice(-VERSIONS_KEPT));
    }
    return entities;
  }

  /** The copy of `id` the server sent with this stamp, if it is still kept. */
  version(id: number, updated: Date | null | undefined): T | undefined {
    if (!updated) return undefined;
    return this.copies.get(id)?.find((c) => c.updated?.getTime() === updated.getTime());
  }
}

/** The current entity of a 412/4090 answer as the server sent it (snake_case); null for any other error. */
export function conflictCurrent(err: unknown): Record<string, unknown> | null {
  if (!(err instanceof ApiError) || err.status !== 412 || err.code !== ENTITY_CHANGED) return null;
  const current = (err.body as { current?: unknown } | null)?.current;
  return current && typeof current === 'object' && typeof (current as { id?: unknown }).id === 'number' ? (current as Record<string, unknown>) : null;
}

/** The `current` of a conflict converted like any response body (camelCase keys, dates parsed). */
export function converted<T>(current: Record<string, unknown>): T {
  return fromApi<T>(current);
}

export interface ConflictSafe<T extends Versioned> {
  /** The last server copies of this kind (filled by every call that reads or writes one). */
  copies: ServerCopies<T>;
  /** Sends the update with If-Match built from the entity it sends. */
  send: (entity: T) => Promise<T>;
  /** The entity in the app's shape from the `current` of a conflict, as the server sent it. */
  fromCurrent: (current: Record<string, unknown>, edited: T) => T;
}

/**
 * Sends `edited`; on a conflict, when the edit started from the copy the server last sent, merges the person's
 * changes over the server's current entity, sends that once more and calls `onMerged`. Anything else (another error,
 * a second conflict, no known starting copy) is the caller's error.
 */
export async function updateSafely<T extends Versioned>(kind: ConflictSafe<T>, edited: T, onMerged?: () => void): Promise<T> {
  try {
    return kind.copies.remember(await kind.send(edited));
  } catch (err) {
    const current = conflictCurrent(err);
    // Without the version the edit started from there is no telling what the person changed: report the conflict.
    const base = current && kind.copies.version(edited.id, edited.updated);
    if (!current || !base) throw err;
    const saved = kind.copies.remember(await kind.send(mergeEdits(base, edited, kind.fromCurrent(current, edited))));
    onMerged?.();
    return saved;
  }
}
