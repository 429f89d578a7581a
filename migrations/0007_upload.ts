// Never edit this file once landed: add a new migration instead.
// Uploaded profile photos are recorded, so that those nobody uses can be removed
// (server/features/uploads/upload-cleanup.ts). A photo is in use while a user's `image` is its
// URL (`/api/uploads/<name>`): the index on user.image answers that per photo without a scan.
// Partial: only such URLs (500 characters at most) are indexed, never a long external one.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload')
    // <random id>.webp under DATA_DIR/uploads
    .addColumn('name', 'text', (c) => c.primaryKey())
    // ISO-8601 UTC text, like every timestamp of our own tables.
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_created_idx').on('upload').columns(['createdAt', 'name']).execute();
  await db.schema
    .createIndex('user_upload_image_idx')
    .on('user')
    .column('image')
    .where(sql.ref('image'), 'like', '/api/uploads/%')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_upload_image_idx').execute();
  await db.schema.dropTable('upload').execute();
}
