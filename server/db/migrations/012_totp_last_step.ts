// A TOTP code signs in once: the time step of the last code that signed in is kept, and a code of that step or an
// earlier one is refused afterwards (RFC 6238, 5.2), also when two sign-ins with it race.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The 30-second step counter (unix seconds / 30) of the last code used to sign in; 0: none yet.
  await db.schema
    .alterTable('totp')
    .addColumn('last_used_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('totp').dropColumn('last_used_step').execute();
}
