// Sharing lists and namespaces with users and teams: list, add, change the right, remove.
import { del, getPage, post, put } from './client';
import type { User } from './user';
import type { Team } from './teams';

export const RIGHTS = { read: 0, readWrite: 1, admin: 2 } as const;
export type Right = 0 | 1 | 2;

export type ShareTarget = { kind: 'list' | 'namespace'; id: number };

export interface UserShare extends User {
  right: Right;
}
export interface TeamShare extends Pick<Team, 'id' | 'name' | 'description'> {
  right: Right;
}

const base = (t: ShareTarget) => `${t.kind === 'list' ? 'lists' : 'namespaces'}/${t.id}`;

export async function getUserShares(t: ShareTarget): Promise<UserShare[]> {
  return (await getPage<UserShare>(`${base(t)}/users`, { query: { page: 0 } })).items.map((u) => ({ ...u, right: (u.right ?? 0) as Right }));
}

export async function getTeamShares(t: ShareTarget): Promise<TeamShare[]> {
  return (await getPage<TeamShare>(`${base(t)}/teams`, { query: { page: 0 } })).items.map((x) => ({ ...x, description: x.description ?? '', right: (x.right ?? 0) as Right }));
}

/** The API's `user_id` carries the username. */
export async function shareWithUser(t: ShareTarget, username: string, right: Right): Promise<void> {
  await put(`${base(t)}/users`, { userId: username, right });
}
export async function updateUserShare(t: ShareTarget, username: string, right: Right): Promise<void> {
  await post(`${base(t)}/users/${encodeURIComponent(username)}`, { right });
}
export async function removeUserShare(t: ShareTarget, username: string): Promise<void> {
  await del(`${base(t)}/users/${encodeURIComponent(username)}`);
}

export async function shareWithTeam(t: ShareTarget, teamId: number, right: Right): Promise<void> {
  await put(`${base(t)}/teams`, { teamId, right });
}
export async function updateTeamShare(t: ShareTarget, teamId: number, right: Right): Promise<void> {
  await post(`${base(t)}/teams/${teamId}`, { right });
}
export async function removeTeamShare(t: ShareTarget, teamId: number): Promise<void> {
  await del(`${base(t)}/teams/${teamId}`);
}
