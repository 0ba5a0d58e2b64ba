// One local account per e-mail address, enforced by the database, so two registrations racing with the same
// address cannot both succeed (the route's own check runs before the insert). Accounts from an OpenID provider
// may share an address with a local one, as before. A database that already holds duplicates keeps working
// without the index and says so at start-up; they have to be resolved by hand.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ email: string }>`
    select lower(email) as email from users where email <> '' and issuer = 'local' group by lower(email) having count(*) > 1`.execute(db);
  if (rows.length > 0) {
    console.warn(`Keyflow: ${rows.length} e-mail address(es) belong to more than one local account; e-mail uniqueness is not enforced until that is resolved.`);
    return;
  }
  await sql`create unique index if not exists users_local_email_unique on users (lower(email)) where email <> '' and issuer = 'local'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_local_email_unique`.execute(db);
}
