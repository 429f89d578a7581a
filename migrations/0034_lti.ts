// Never edit this file once landed: add a new migration instead.
// LTI 1.3 (docs/decisions/062-lti-tool.md): the platforms an admin registered, StudyNest's own
// signing key (made once, shared by every process that shares the database), and each login's
// state and nonce, kept here rather than in a cookie so that a launch inside the platform's
// iframe needs no third-party cookie; an instructor's Deep Linking request until they pick. A launch's user is better-auth's `account` row
// (providerId `lti:<platform id>`, accountId the platform's `sub`): no table of ours.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lti_platform')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('clientId', 'text', (c) => c.notNull())
    // Space-separated deployment ids.
    .addColumn('deploymentIds', 'text', (c) => c.notNull())
    .addColumn('authUrl', 'text', (c) => c.notNull())
    .addColumn('tokenUrl', 'text', (c) => c.notNull())
    .addColumn('jwksUrl', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('lti_platform_issuer_client', ['issuer', 'clientId'])
    .execute();
  await db.schema
    .createTable('lti_tool_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The key pair as JWKs (JSON text); the private one never leaves the server.
    .addColumn('publicJwk', 'text', (c) => c.notNull())
    .addColumn('privateJwk', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lti_login')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('platformId', 'text', (c) => c.notNull().references('lti_platform.id').onDelete('cascade'))
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_login_expires').on('lti_login').column('expiresAt').execute();
  // A launch checked inside the platform's iframe, waiting to continue in a window of its own,
  // where StudyNest's cookie is first-party (used once, within minutes).
  await db.schema
    .createTable('lti_continue')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('lti_platform.id').onDelete('cascade'))
    // The checked launch (sub, name, email, role, where it lands) as JSON.
    .addColumn('launch', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();
  // An instructor's Deep Linking request, waiting for their pick (used once).
  await db.schema
    .createTable('lti_deep_link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('lti_platform.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('deploymentId', 'text', (c) => c.notNull())
    .addColumn('returnUrl', 'text', (c) => c.notNull())
    // The platform's opaque `data`, sent back as it came.
    .addColumn('data', 'text')
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_deep_link_user').on('lti_deep_link').column('userId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lti_deep_link').execute();
  await db.schema.dropTable('lti_continue').execute();
  await db.schema.dropTable('lti_login').execute();
  await db.schema.dropTable('lti_tool_key').execute();
  await db.schema.dropTable('lti_platform').execute();
}
