// Finding people, written once for every picker: users to share with or add to a team, assignees and the people
// who can see a list. The server honours each person's discoverability settings.
import * as users from '../api/users';
import * as assignees from '../api/assignees';
import type { User } from '../api/user';
import type { UserRef } from '../api/tasks';

/** Users whose username (or, where they allowed it, name or e-mail) matches: to share with, to add to a team. */
export const searchUsers = (s: string): Promise<User[]> => users.searchUsers(s);

/** People to assign or filter by, as task assignees are given. */
export const searchAssignees = (s: string): Promise<UserRef[]> => assignees.searchUsers(s);

/** Everyone who can see a list: the people a task in it can be assigned to. */
export const listUsers = (listId: number): Promise<UserRef[]> => assignees.listUsers(listId);
