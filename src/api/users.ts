// User search (GET /users?s=): the server honours each user's discoverability settings.
import { getPage } from './client';
import type { User } from './user';

export async function searchUsers(s: string): Promise<User[]> {
  if (s.trim() === '') return [];
  return (await getPage<User>('users', { query: { s: s.trim() } })).items;
}
