// Never edit this file once landed: add a new migration instead.
// Each uploaded photo records who uploaded it, so that only its uploader may make it their
// picture (server/features/uploads/photo-owner.ts, docs/decisions/036-startup-and-photo-ownership.md).
// Null: uploaded before an account existed (the sign-up page), until a sign-up takes it. A photo
// already the picture of exactly one account becomes that account's; one shared by several
// accounts (taken before owners were recorded) stays without an owner, and none of them may set
// it again once they chose another.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload').addColumn('ownerId', 'text').execute();
  const usersOf = sql`from "user" where "image" like '/api/uploads/%' and "image" = '/api/uploads/' || "upload"."name"`;
  await sql`update "upload" set "ownerId" = (select "id" ${usersOf}) where (select count(*) ${usersOf}) = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload').dropColumn('ownerId').execute();
}
