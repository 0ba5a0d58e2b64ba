// Teams in the store: one atom per team by id, the caller's teams as ids over them, and the query views read.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { entitiesOf, entityFamily, onClearStore } from './entities';
import type { Team } from '../api/teams';

/** Every team the app knows, by id: a team renamed or with a member added shows so on every page. */
export const teamAtomFamily = entityFamily<Team>();
/** The caller's teams in the server's order; null until they are loaded. */
export const teamIdsAtom = atom<readonly number[] | null>(null);

/** The caller's teams (null until loaded): a query over the team atoms. */
export const teamsAtom = atom((get): Team[] | null => {
  const ids = get(teamIdsAtom);
  return ids ? entitiesOf(get(teamAtomFamily.all), ids) : null;
});

/** Stores the caller's teams as loaded (the list of them and each team by id). */
export function putTeams(teams: readonly Team[]): void {
  teamAtomFamily.put(teams);
  appStore.set(teamIdsAtom, teams.map((t) => t.id));
}

/** Puts a loaded or saved team in the store (and among the caller's teams, once those are loaded). */
export function upsertTeam(team: Team): void {
  teamAtomFamily.put([team]);
  const ids = appStore.get(teamIdsAtom);
  if (ids && !ids.includes(team.id)) appStore.set(teamIdsAtom, [...ids, team.id]);
}

/** Takes a deleted or left team out of the store. */
export function removeTeamFromState(id: number): void {
  const ids = appStore.get(teamIdsAtom);
  if (ids) appStore.set(teamIdsAtom, ids.filter((t) => t !== id));
  teamAtomFamily.remove(id);
}

onClearStore(() => appStore.set(teamIdsAtom, null));
