// Never edit this file once landed: add a new migration instead.
// The address an email job goes to, lower-cased, in a column of its own: an account's export
// finds the emails waiting for it by this exact address, never by a pattern over the JSON payload
// (a LIKE pattern built from an address matched others: `_` and `%` are wildcards, and any
// address containing it). Null for every other job, and for an email whose recipient is known
// only when it is written (docs/decisions/038-account-erasure-and-exports.md).
// Jobs already waiting get theirs from their payload: a whole message's `to`, or the student of
// a booking's confirmation.
import { sql, type Kysely } from 'kysely';

type Payload = { mail?: { to?: unknown }; render?: unknown; args?: { student?: { email?: unknown } } };

/** The recipient of a stored email payload, as the app writes it since this migration. */
function recipientOf(payloadText: string): string | null {
  let payload: Payload;
  try {
    payload = JSON.parse(payloadText) as Payload;
  } catch {
    return null;
  }
  const to = payload.mail ? payload.mail.to : payload.render === 'bookings.confirmation' ? payload.args?.student?.email : undefined;
  return typeof to === 'string' ? to.trim().toLowerCase() : null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').addColumn('recipient', 'text').execute();
  const emails = await sql<{ id: string; payload: string }>`select "id", "payload" from "job" where "kind" = 'email'`.execute(db);
  for (const job of emails.rows) {
    const recipient = recipientOf(job.payload);
    if (recipient !== null) await sql`update "job" set "recipient" = ${recipient} where "id" = ${job.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('recipient').execute();
}
