// The school's OpenID Connect provider, from the server's OIDC_* variables or as an admin set it in
// the dashboard (GET/PUT/DELETE /api/admin/single-sign-on). The environment wins: while OIDC_ISSUER,
// OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set the dashboard shows them and cannot change them.
// Read from the database at each use, so a change takes effect in every process without a
// restart. docs/decisions/065-single-sign-on-settings.md.
import type { Kysely } from 'kysely';
import type { SingleSignOnSettings, UpdateSingleSignOn } from '#contract/single-sign-on.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { SingleSignOnConfig } from '#server/config.ts';
import type { Database, SingleSignOnSettingsTable } from '#server/db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts';

/** The one row's id. */
const ROW_ID = 'oidc';

/** Where the settings in effect come from. */
export interface SingleSignOnSource {
  /** The settings in effect now: the environment's, else the dashboard's, else none. */
  current(): Promise<SingleSignOnConfig | undefined>;
  /**
   * The origins a page's sign-in form leads to: POST /api/sso/start answers 303 to the provider,
   * and a browser holds every redirect of a form's submission to the page's CSP `form-action`
   * (its issuer's origin; none without a provider).
   */
  formTargets(): Promise<string[]>;
}

const words = (text: string) => text.split(' ').filter(Boolean);

function fromRow(row: SingleSignOnSettingsTable): SingleSignOnConfig {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: row.clientSecret,
    allowedDomains: words(row.allowedDomains),
    requiredDomains: words(row.requiredDomains),
    buttonLabel: row.buttonLabel,
    roleClaim: row.roleClaim ?? undefined,
    domainRoles: words(row.domainRoles).map((rule) => {
      const [domain = '', role] = rule.split('=');
      return { domain, role: role === 'tutor' ? 'tutor' : 'student' };
    }),
  };
}

/** The settings in effect, read where they are needed (the login page's config, sign-ins, password sign-ins). */
export function singleSignOnSource(environment: SingleSignOnConfig | undefined, db: Kysely<Database>): SingleSignOnSource {
  async function current() {
    if (environment) return environment;
    const row = await db.selectFrom('single_sign_on_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }
  return {
    current,
    async formTargets() {
      const sso = await current();
      return sso ? [new URL(sso.issuer).origin] : [];
    },
  };
}

/** The default label of the button, as OIDC_BUTTON_LABEL's. */
const DEFAULT_LABEL = 'your school account';

/** The admin's view and changes of the settings; every change recorded in the audit log with what changed (never the secret's value). */
export function singleSignOnAdmin(deps: { environment: SingleSignOnConfig | undefined; db: Kysely<Database>; baseUrl: string; now: () => Date }) {
  const { environment, db } = deps;
  const redirectUri = `${deps.baseUrl}/api/auth/callback/oidc`;
  const readRow = (executor: Kysely<Database>) => executor.selectFrom('single_sign_on_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();

  function view(sso: SingleSignOnConfig | undefined, source: SingleSignOnSettings['source'], updatedAt: string | null): SingleSignOnSettings {
    return {
      source,
      issuer: sso?.issuer ?? null,
      clientId: sso?.clientId ?? null,
      clientSecretSet: Boolean(sso?.clientSecret),
      allowedDomains: sso?.allowedDomains ?? [],
      requiredDomains: sso?.requiredDomains ?? [],
      buttonLabel: sso?.buttonLabel ?? DEFAULT_LABEL,
      roleClaim: sso?.roleClaim ?? null,
      domainRoles: sso?.domainRoles ?? [],
      redirectUri,
      updatedAt,
    };
  }

  const assertAdmin = (me: { role: string }) => {
    if (me.role !== 'admin') throw forbidden('errors.adminsOnly');
  };
  const assertNotEnvironment = () => {
    if (environment) throw conflict('errors.sso.setByEnvironment');
  };

  return {
    async get(me: { role: string }): Promise<SingleSignOnSettings> {
      assertAdmin(me);
      if (environment) return view(environment, 'environment', null);
      const row = await readRow(db);
      return row ? view(fromRow(row), 'dashboard', row.updatedAt) : view(undefined, 'none', null);
    },

    async save(me: { id: string; email: string; role: string }, body: UpdateSingleSignOn, ip: string | null): Promise<SingleSignOnSettings> {
      assertAdmin(me);
      assertNotEnvironment();
      const now = deps.now();
      return db.transaction().execute(async (trx) => {
        const before = await readRow(trx);
        const secret = body.clientSecret?.trim() ? body.clientSecret.trim() : before?.clientSecret;
        if (!secret) throw badRequest('errors.input.ssoClientSecret', { clientSecret: 'errors.input.ssoClientSecret' });
        const rules = new Map(body.domainRoles.map((rule) => [rule.domain, rule.role]));
        const row: SingleSignOnSettingsTable = {
          id: ROW_ID,
          issuer: body.issuer,
          clientId: body.clientId,
          clientSecret: secret,
          allowedDomains: [...new Set(body.allowedDomains)].join(' '),
          requiredDomains: [...new Set(body.requiredDomains)].join(' '),
          buttonLabel: body.buttonLabel,
          roleClaim: body.roleClaim || null,
          domainRoles: [...rules].map(([domain, role]) => `${domain}=${role}`).join(' '),
          updatedAt: now.toISOString(),
          updatedBy: me.id,
        };
        if (before) await trx.updateTable('single_sign_on_settings').set(row).where('id', '=', ROW_ID).execute();
        else await trx.insertInto('single_sign_on_settings').values(row).execute();
        const after = fromRow(row);
        const previous = before ? fromRow(before) : undefined;
        await recordAudit(trx, actorOf(me, ip), {
          action: 'sso.settings_changed',
          targetType: 'single_sign_on',
          targetId: ROW_ID,
          details: { changed: changedFields(previous, after), issuer: after.issuer, clientId: after.clientId, allowedDomains: after.allowedDomains, requiredDomains: after.requiredDomains, buttonLabel: after.buttonLabel, roleClaim: after.roleClaim ?? null, domainRoles: after.domainRoles },
        }, now);
        return view(after, 'dashboard', row.updatedAt);
      });
    },

    async remove(me: { id: string; email: string; role: string }, ip: string | null): Promise<void> {
      assertAdmin(me);
      assertNotEnvironment();
      const now = deps.now();
      await db.transaction().execute(async (trx) => {
        const before = await readRow(trx);
        if (!before) throw notFound();
        await trx.deleteFrom('single_sign_on_settings').where('id', '=', ROW_ID).execute();
        await recordAudit(trx, actorOf(me, ip), { action: 'sso.settings_removed', targetType: 'single_sign_on', targetId: ROW_ID, details: { issuer: before.issuer, clientId: before.clientId } }, now);
      });
    },
  };
}

/** The names of the fields that changed (the secret by name only: its value is never recorded). */
function changedFields(before: SingleSignOnConfig | undefined, after: SingleSignOnConfig): string[] {
  const fields = ['issuer', 'clientId', 'clientSecret', 'allowedDomains', 'requiredDomains', 'buttonLabel', 'roleClaim', 'domainRoles'] as const;
  if (!before) return [...fields];
  return fields.filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null));
}
