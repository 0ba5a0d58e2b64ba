// Wire shape of teams with their members, for many teams in a fixed number of queries.
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { TeamsTable } from '../db/schema.js';
import { toWireDate } from '../clock.js';
import { userJson } from '../serialize.js';
import { usersById } from '../serialize.js';

export type TeamRow = Selectable<TeamsTable>;

export interface TeamJson {
  id: number;
  name: string;
  description: string;
  created_by: ReturnType<typeof userJson> | null;
  members: (ReturnType<typeof userJson> & { admin: boolean })[];
  created: string;
  updated: string;
}

export async function teamsJson(db: Db, rows: TeamRow[]): Promise<TeamJson[]> {
  if (rows.length === 0) return [];
  const members = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(['team_members.team_id', 'team_members.admin', 'users.id', 'users.name', 'users.username', 'users.created', 'users.updated'])
    .where('team_members.team_id', 'in', rows.map((t) => t.id))
    .orderBy('team_members.id')
    .execute();
  const creators = await usersById(db, rows.map((t) => t.created_by_id));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    created_by: creators.get(t.created_by_id) ?? null,
    members: members.filter((m) => m.team_id === t.id).map((m) => ({ ...userJson(m), admin: Boolean(m.admin) })),
    created: toWireDate(t.created),
    updated: toWireDate(t.updated),
  }));
}

export async function teamJson(db: Db, row: TeamRow): Promise<TeamJson> {
  return (await teamsJson(db, [row]))[0];
}
