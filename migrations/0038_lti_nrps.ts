// Never edit this file once landed: add a new migration instead.
// Names and Role Provisioning (docs/decisions/068-lti-nrps.md): each course (LTI context) a
// platform launched StudyNest from, with the memberships URL its launches named, and which
// accounts launched from it as the course's Instructor (the ones who may import its roster); and
// a platform's services address, where its memberships URLs are when that is another origin than
// its registered URLs (Canvas: the school's instance, not sso.canvaslms.com).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lti_platform').addColumn('servicesUrl', 'text').execute();
  await db.schema
    .createTable('lti_context')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('lti_platform.id').onDelete('cascade'))
    // The platform's context id (at most 255 characters, LTI 1.3 Core 5.4.1).
    .addColumn('contextId', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    // The NRPS claim of the latest launch that carried one; null while none has.
    .addColumn('membershipsUrl', 'text')
    // Space-separated service versions ("2.0").
    .addColumn('serviceVersions', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('lti_context_platform_context', ['platformId', 'contextId'])
    .execute();
  await db.schema
    .createTable('lti_context_instructor')
    .addColumn('contextRowId', 'text', (c) => c.notNull().references('lti_context.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('launchedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_context_instructor_pk', ['contextRowId', 'userId'])
    .execute();
  await db.schema.createIndex('lti_context_instructor_user').on('lti_context_instructor').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lti_context_instructor').execute();
  await db.schema.dropTable('lti_context').execute();
  await db.schema.alterTable('lti_platform').dropColumn('servicesUrl').execute();
}
