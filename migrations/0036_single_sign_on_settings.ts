// Never edit this file once landed: add a new migration instead.
// The school's OpenID Connect provider as an admin set it in the dashboard
// (docs/decisions/065-single-sign-on-settings.md): one row at most (id 'oidc'). The client secret
// is kept as it is: it must be sent to the provider's token endpoint; no answer ever carries it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('single_sign_on_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('clientId', 'text', (c) => c.notNull())
    .addColumn('clientSecret', 'text', (c) => c.notNull())
    // Space-separated lower-case domains.
    .addColumn('allowedDomains', 'text', (c) => c.notNull())
    .addColumn('requiredDomains', 'text', (c) => c.notNull())
    .addColumn('buttonLabel', 'text', (c) => c.notNull())
    .addColumn('roleClaim', 'text')
    // Space-separated `domain=role` rules (role: student or tutor).
    .addColumn('domainRoles', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addColumn('updatedBy', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('single_sign_on_settings').execute();
}
