// Teams: the typed model and its calls, members (add, remove, toggle admin) and leaving.
import { del, getPage, getWithRight, post, put } from './client';
import type { User } from './user';

export interface TeamMember extends User {
  admin: boolean;
}

export interface Team {
  id: number;
  name: string;
  description: string;
  createdBy?: User;
  members: TeamMember[];
  created?: Date | null;
  updated?: Date | null;
  /** 2 for team admins, else 0 (x-max-right). */
  maxRight: number | null;
}

export function normalizeTeam(raw: Partial<Team> & { id: number }, maxRight: number | null = null): Team {
  return { name: '', description: '', ...raw, members: (raw.members ?? []).map((m) => ({ ...m, admin: !!m.admin })), maxRight: raw.maxRight ?? maxRight };
}

function body(team: Partial<Team>) {
  return { name: team.name, description: team.description };
}

export async function getTeam(id: number): Promise<Team> {
  const { data, maxRight } = await getWithRight<Team>(`teams/${id}`);
  return normalizeTeam(data, maxRight);
}

export async function getAllTeams(s?: string): Promise<Team[]> {
  const out: Team[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getPage<Team>('teams', { query: { page, ...(s ? { s } : {}) } });
    out.push(...res.items.map((t) => normalizeTeam(t)));
    if (page >= res.totalPages || res.items.length === 0) return out;
  }
}

export async function createTeam(team: Partial<Team>): Promise<Team> {
  return normalizeTeam(await put<Team>('teams', body(team)), 2);
}

export async function updateTeam(team: Team): Promise<Team> {
  return normalizeTeam(await post<Team>(`teams/${team.id}`, body(team)), team.maxRight);
}

export async function deleteTeam(id: number): Promise<void> {
  await del(`teams/${id}`);
}

export async function addMember(teamId: number, username: string, admin = false): Promise<void> {
  await put(`teams/${teamId}/members`, { username, admin });
}

export async function removeMember(teamId: number, username: string): Promise<void> {
  await del(`teams/${teamId}/members/${encodeURIComponent(username)}`);
}

/** The server toggles the flag (the body is ignored). */
export async function toggleMemberAdmin(teamId: number, username: string): Promise<void> {
  await post(`teams/${teamId}/members/${encodeURIComponent(username)}/admin`, {});
}

/** Leaving is removing oneself. */
export function leaveTeam(teamId: number, username: string): Promise<void> {
  return removeMember(teamId, username);
}
