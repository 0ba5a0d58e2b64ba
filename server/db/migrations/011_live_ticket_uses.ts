// Live-updates tickets are single-use: the first stream opened with a ticket records its nonce here, and a second
// use of it is refused, whichever server process on the database it reaches.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_ticket_uses')
    .ifNotExists()
    // The ticket's random part (its MAC covers it, so only the server makes them).
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    // Unix seconds when the ticket expires: after that a use is refused anyway, and the row can go.
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_ticket_uses').ifExists().execute();
}
