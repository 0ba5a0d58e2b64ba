// Every sign-in is a stored session, named by its token's `jti`: a password change or reset ends the other sessions
// by id (a cut-off by issue time let a token from the same second survive), and renewing an ended session is refused.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    // The jti of the session's tokens (random, base64url); a renewal keeps it.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    // Unix seconds: the expiry of the newest token of the session; after it the row can go.
    .addColumn('expires', 'bigint', (c) => c.notNull())
    // When a password change or reset ended it (ISO time); null while it stands.
    .addColumn('ended', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').ifNotExists().on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').ifExists().execute();
}
