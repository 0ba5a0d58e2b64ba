// Changing or resetting a password ends the account's other sessions: tokens issued before the change stop
// working, except the one session that made the change (known by its token's issue time,
// which is its expiry minus the token lifetime).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Unix seconds; tokens issued earlier (expiry minus lifetime) are refused. 0: no cut-off.
  await db.schema.alterTable('users').addColumn('sessions_valid_after', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The issue time of the token that changed the password, which stays valid. 0: none (a reset by e-mail keeps nothing).
  await db.schema.alterTable('users').addColumn('sessions_kept_iat', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sessions_kept_iat').execute();
  await db.schema.alterTable('users').dropColumn('sessions_valid_after').execute();
}
