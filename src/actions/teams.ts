// Team actions, each written once: load the caller's teams or one team, create, edit, members (add, remove, admin),
// leave and delete. Each writes the store, so the teams page, a team's page and the share forms follow. They throw
// on failure: the callers (a form, a confirmation, a command) report it their own way.
import * as api from '../api/teams';
import type { Team } from '../api/teams';
import { putTeams, removeTeamFromState, upsertTeam } from '../state/teams';

/** Loads the caller's teams into the store. */
export async function loadAll(): Promise<Team[]> {
  const teams = await api.getAllTeams();
  putTeams(teams);
  return teams;
}

/** Loads one team (with the caller's right on it) into the store. */
export async function load(id: number): Promise<Team> {
  const team = await api.getTeam(id);
  upsertTeam(team);
  return team;
}

export async function create(fields: { name: string; description?: string }): Promise<Team> {
  const team = await api.createTeam(fields);
  upsertTeam(team);
  return team;
}

/** Saves the name and description, then loads the team again (with its members, which the response lacks). */
export async function update(team: Team, change: Partial<Pick<Team, 'name' | 'description'>>): Promise<Team> {
  await api.updateTeam({ ...team, ...change });
  return load(team.id);
}

/** A member change, then the team as the server has it now (who is admin is the server's answer, not a guess). */
async function changeMembers(teamId: number, request: () => Promise<void>): Promise<Team> {
  await request();
  return load(teamId);
}

export const addMember = (teamId: number, username: string): Promise<Team> => changeMembers(teamId, () => api.addMember(teamId, username));
export const removeMember = (teamId: number, username: string): Promise<Team> => changeMembers(teamId, () => api.removeMember(teamId, username));
export const toggleAdmin = (teamId: number, username: string): Promise<Team> => changeMembers(teamId, () => api.toggleMemberAdmin(teamId, username));

/** Leaves a team: it is gone from the caller's teams. */
export async function leave(teamId: number, username: string): Promise<void> {
  await api.leaveTeam(teamId, username);
  removeTeamFromState(teamId);
}

export async function remove(teamId: number): Promise<void> {
  await api.deleteTeam(teamId);
  removeTeamFromState(teamId);
}
