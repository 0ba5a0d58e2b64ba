// Sessions told apart by an id of their own: user tokens carry a random `jti`, and a password change keeps the one
// session that made it by that id (tokens issued in the same second were indistinguishable by issue time alone).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The jti of the token that changed the password, which stays valid. '': none, or that token had no jti (then
  // sessions_kept_iat decides, as before).
  await db.schema.alterTable('users').addColumn('sessions_kept_jti', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sessions_kept_jti').execute();
}
