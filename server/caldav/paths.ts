// CalDAV URLs: what a request path names (root, principals, the calendar home, a list, a task) and the hrefs back.
import type { UserRow } from '../context.js';

export const DAV_PREFIX = '/dav';

export type Target =
  | { kind: 'root' }
  | { kind: 'principals' }
  | { kind: 'principal'; username: string }
  | { kind: 'home' }
  | { kind: 'calendar'; listId: number }
  | { kind: 'object'; listId: number; uid: string }
  | { kind: 'none' };

export function parseTarget(url: string): Target {
  const path = url.split('?')[0].slice(DAV_PREFIX.length);
  let segs: string[];
  try {
    segs = path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return { kind: 'none' };
  }
  if (segs.length === 0) return { kind: 'root' };
  if (segs[0] === 'principals' && segs.length === 1) return { kind: 'principals' };
  if (segs[0] === 'principals' && segs.length === 2) return { kind: 'principal', username: segs[1] };
  if (segs[0] !== 'lists') return { kind: 'none' };
  if (segs.length === 1) return { kind: 'home' };
  if (!/^\d+$/.test(segs[1])) return { kind: 'none' };
  const listId = Number(segs[1]);
  if (segs.length === 2) return { kind: 'calendar', listId };
  if (segs.length === 3 && segs[2].toLowerCase().endsWith('.ics') && segs[2].length > 4) return { kind: 'object', listId, uid: segs[2].slice(0, -4) };
  return { kind: 'none' };
}

const enc = (s: string) => encodeURIComponent(s);
export const principalHref = (u: UserRow) => `${DAV_PREFIX}/principals/${enc(u.username)}/`;
export const homeHref = () => `${DAV_PREFIX}/lists/`;
export const calendarHref = (listId: number) => `${DAV_PREFIX}/lists/${listId}/`;
export const objectHref = (listId: number, uid: string) => `${DAV_PREFIX}/lists/${listId}/${enc(uid)}.ics`;
