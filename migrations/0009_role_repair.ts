// Never edit this file once landed: add a new migration instead.
// Before the account rules moved into better-auth's hooks, a client could store any
// role through `/api/auth/./update-user` ("wizard" made the Users page fail for every admin).
// A role outside the three becomes student. (An "admin" made that way cannot be told from a real
// one here: the README tells operators to review their admins after upgrading.)
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update "user" set "role" = 'student' where "role" is null or "role" not in ('student', 'tutor', 'admin')`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the roles repaired were never valid.
}
