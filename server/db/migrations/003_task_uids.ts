// Gives every stored task a uid: rows made before tasks got one on creation take the name CalDAV already served them under.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Same string as the derived resource name (caldav/vtodo.ts), so clients' existing hrefs keep addressing the task.
  await sql`update tasks set uid = 'keyflow-task-' || cast(id as text) where uid = ''`.execute(db);
}

export async function down(): Promise<void> {
  // Irreversible on purpose: a backfilled uid is indistinguishable from one a client chose, and both stay valid.
}
