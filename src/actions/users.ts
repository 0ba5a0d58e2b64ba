// Finding people, written once for every picker: users to share with or add to a team, assignees and the people
// who can see a list. The server honours each person's discoverability settings.
import * as users from '../api/users';
import * as assignees from '../api/assignees';
import type { User } from '../api/user';
import type { UserRef } from '../api/tasks';
import { isNetworkError } from '../api/networkError';
import { appStore } from '../state/store';
import { userAtom } from '../state/session';
import { taskAtomFamily } from '../state/tasks';

/** Users whose username (or, where they allowed it, name or e-mail) matches: to share with, to add to a team. */
export const searchUsers = (s: string): Promise<User[]> => users.searchUsers(s);

/**
 * People to assign or filter by, as task assignees are given. Without a network, the people this browser knows
 * match instead (the signed-in user, and everyone assigned to or creating a stored task): "@anna" in a quick-add
 * made offline still assigns Anna.
 */
export async function searchAssignees(s: string): Promise<UserRef[]> {
  try {
    return await assignees.searchUsers(s);
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    return knownPeople(s);
  }
}

/** The people the store knows whose username, name or e-mail contains `s` (any case), each once. */
export function knownPeople(s: string): UserRef[] {
  const found = new Map<number, UserRef>();
  const consider = (u: UserRef | null | undefined) => {
    if (u && u.id > 0 && !found.has(u.id)) found.set(u.id, { id: u.id, username: u.username, name: u.name, email: u.email });
  };
  consider(appStore.get(userAtom));
  for (const task of appStore.get(taskAtomFamily.all).values()) {
    task.assignees.forEach(consider);
    consider(task.createdBy);
  }
  const lower = s.trim().toLocaleLowerCase();
  return [...found.values()].filter((u) => [u.username, u.name ?? '', u.email ?? ''].some((v) => v.toLocaleLowerCase().includes(lower)));
}

/** Everyone who can see a list: the people a task in it can be assigned to. */
export const listUsers = (listId: number): Promise<UserRef[]> => assignees.listUsers(listId);
