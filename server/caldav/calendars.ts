// Lists as calendars: what the caller may do with one, the calendars of the home, a task object by uid.
import type { Db } from '../db/database.js';
import type { Auth } from '../context.js';
import { reachableLists, rightOnList, archivedState, Right, type ListRow } from '../rights.js';
import { davError, NS } from './xml.js';
import { objectsOf, findTask, listTags, type DavObject } from './store.js';
import { syncTokens } from './sync.js';
import { DavError } from './davRequest.js';
import type { CalendarInfo } from './props.js';

/** A list as a calendar for the caller, or null when it cannot see it: archived lists are read only. */
export async function calendarInfo(db: Db, auth: Auth, listId: number): Promise<CalendarInfo | null> {
  const list = await db.selectFrom('lists').selectAll().where('id', '=', listId).executeTakeFirst();
  if (!list) return null;
  const right = await rightOnList(db, auth, listId);
  if (right === null) return null;
  const archived = await archivedState(db, listId);
  const ctag = (await listTags(db, [list])).get(list.id) ?? '';
  const syncToken = (await syncTokens(db, [list])).get(list.id) ?? '';
  return { list, right, writable: right >= Right.ReadWrite && archived === null, ctag, syncToken };
}

/** One calendar per list the user reaches that is not archived (nor in an archived namespace). */
export async function homeCalendars(db: Db, auth: Auth): Promise<CalendarInfo[]> {
  const rights = await reachableLists(db, auth);
  if (rights.size === 0) return [];
  const lists = await db
    .selectFrom('lists')
    .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
    .selectAll('lists')
    .where('lists.id', 'in', [...rights.keys()])
    .where('lists.is_archived', '=', 0)
    .where('namespaces.is_archived', '=', 0)
    .orderBy('lists.position')
    .orderBy('lists.id')
    .execute();
  const [tags, tokens] = await Promise.all([listTags(db, lists), syncTokens(db, lists)]);
  return lists.map((list) => {
    const right = rights.get(list.id) ?? Right.Read;
    return { list, right, writable: right >= Right.ReadWrite, ctag: tags.get(list.id) ?? '', syncToken: tokens.get(list.id) ?? '' };
  });
}

/** A list the caller may write to as a calendar: 404 when it cannot see it, 403 need-privileges when read only or archived. */
export async function writableList(db: Db, auth: Auth, listId: number): Promise<ListRow> {
  const info = await calendarInfo(db, auth, listId);
  if (!info) throw new DavError(404, 'Not Found');
  if (!info.writable) throw new DavError(403, 'Forbidden', davError(NS.dav, 'need-privileges'));
  return info.list;
}

/** A task of a list by its resource uid, for a caller who can see the list (404 otherwise, as for a missing one). */
export async function readObject(db: Db, auth: Auth, listId: number, uid: string): Promise<DavObject> {
  if ((await rightOnList(db, auth, listId)) === null) throw new DavError(404, 'Not Found');
  const task = await findTask(db, listId, uid);
  if (!task) throw new DavError(404, 'Not Found');
  const [o] = await objectsOf(db, [task]);
  return o;
}
