// Who can be assigned: the users of a list and a search over every user; reads for the assignee pickers.
import * as api from '../api/assignees';
import type { UserRef } from '../api/tasks';

/** Everyone who can see a list (and so can be assigned its tasks); throws on failure. */
export function ofList(listId: number): Promise<UserRef[]> {
  return api.listUsers(listId);
}

/** Users whose name, username or email matches; throws on failure. */
export function search(query: string): Promise<UserRef[]> {
  return api.searchUsers(query);
}
