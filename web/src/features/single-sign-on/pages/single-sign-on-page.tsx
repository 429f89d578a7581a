import { type ActionFunctionArgs, data, Form, useActionData, useNavigation } from 'react-router';
import { SSO_LABEL_MAX, SSO_TEXT_MAX, updateSingleSignOnBody, type SingleSignOnSettings, type UpdateSingleSignOnInput } from '#contract/single-sign-on.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { authConfigQuery } from '#web/features/auth/public.ts';
import { removeSingleSignOn, saveSingleSignOn, singleSignOnQuery, useSingleSignOn } from '#web/features/single-sign-on/api/single-sign-on.ts';
import { confirmAction } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, type FormRefusal, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

// The admin's settings of the school's OpenID Connect provider
// (docs/decisions/065-single-sign-on-settings.md): a plain form posting to this page's action,
// with or without JavaScript. The client secret is never shown back: its field is always empty,
// and left empty keeps the one kept. While the server's OIDC_* variables set the provider, the
// page shows them and offers no form (the environment wins).

const PAGE = '/dashboard/single-sign-on';
const SAVE = 'save';
const REMOVE = 'remove';

/** What a refused form had typed, drawn again in its fields (never the secret). */
interface Typed {
  typed?: Record<string, string>;
}

export async function loader() {
  await pageQueryClient().ensureQueryData(singleSignOnQuery);
  return null;
}

/** Words of a list field: domains apart by spaces, commas or lines. */
const wordsOf = (text: string | undefined) => (text ?? '').split(/[\s,;]+/).map((word) => word.trim()).filter(Boolean);

/** The rules field: one `domain = role` a line (or apart by commas); a line without a role is sent as it is, for the API to refuse. */
function rulesOf(text: string | undefined): UpdateSingleSignOnInput['domainRoles'] {
  return (text ?? '')
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [domain = '', role = ''] = line.replaceAll('=', ' ').replaceAll(':', ' ').split(' ').filter(Boolean);
      return { domain, role: role.toLowerCase() as 'student' | 'tutor' };
    });
}

const rulesText = (rules: SingleSignOnSettings['domainRoles']) => rules.map((rule) => `${rule.domain} = ${rule.role}`).join('\n');

/**
 * Save: the page again, which says "Single sign-on settings saved" (the login page's button
 * changes at its next visit); Turn off: the same with "Single sign-on turned off". Refused: the
 * page again with the API's reason under the field it names, what was typed kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = formText(form);
  const queryClient = pageQueryClient();
  switch (fields.intent) {
    case SAVE: {
      const input: UpdateSingleSignOnInput = {
        issuer: fields.issuer ?? '',
        clientId: fields.clientId ?? '',
        clientSecret: fields.clientSecret ?? '',
        allowedDomains: wordsOf(fields.allowedDomains),
        requiredDomains: wordsOf(fields.requiredDomains),
        buttonLabel: fields.buttonLabel ?? '',
        roleClaim: fields.roleClaim ?? '',
        domainRoles: rulesOf(fields.domainRoles),
      };
      try {
        await saveSingleSignOn(formBody(updateSingleSignOnBody, input));
      } catch (error) {
        const answer = refused(error, SAVE);
        const { clientSecret: _never, intent: _intent, ...typed } = fields;
        return data<FormRefusal & Typed>({ ...answer.data, typed }, answer.init ?? undefined);
      }
      break;
    }
    case REMOVE:
      try {
        await removeSingleSignOn();
      } catch (error) {
        return refused(error, REMOVE);
      }
      break;
    default:
      return data(null, { status: 400 });
  }
  await Promise.all([queryClient.invalidateQueries({ queryKey: singleSignOnQuery.queryKey }), queryClient.invalidateQueries({ queryKey: authConfigQuery.queryKey })]);
  return sentOn(PAGE, fields.intent === SAVE ? 'ssoSettings.saved' : 'ssoSettings.removed');
}

/** The first refusal of `name` or of one of its entries (`allowedDomains.2`, `domainRoles.0.role`). */
function errorOf(fields: Record<string, string>, name: string): string | undefined {
  return fields[name] ?? Object.entries(fields).find(([field]) => field.startsWith(`${name}.`))?.[1];
}

/** Admins: the school's provider, set here or shown as the environment sets it (the form drawn afresh once saved: its secret field empty again). */
export function SingleSignOnPage() {
  const { t } = useTranslator();
  useTitle(t('ssoSettings.title'));
  const settings = useSingleSignOn();
  return (
    <PageSection title={t('ssoSettings.title')} headingId="sso-settings-heading" className="flex max-w-3xl flex-col gap-6">
      <p className="text-base-content/70">{t('ssoSettings.lead')}</p>
      <QueryState query={settings} loadingLabel={t('ssoSettings.loading')}>
        {() => settings.data && (settings.data.source === 'environment' ? <FromEnvironment settings={settings.data} /> : <SettingsForm key={settings.data.updatedAt ?? 'none'} settings={settings.data} />)}
      </QueryState>
    </PageSection>
  );
}

/** The address the provider must know as this site's redirect URI. */
function RedirectUri({ settings }: { settings: SingleSignOnSettings }) {
  const { t } = useTranslator();
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium">{t('ssoSettings.redirectUri')}</p>
      <p className="font-mono text-sm break-all" data-testid="sso-redirect-uri">
        {settings.redirectUri}
      </p>
      <p className="text-sm text-base-content/70">{t('ssoSettings.redirectUriHint')}</p>
    </div>
  );
}

/** OIDC_* set on the server: shown, not changed here. */
function FromEnvironment({ settings }: { settings: SingleSignOnSettings }) {
  const { t } = useTranslator();
  const none = t('ssoSettings.none');
  const rows: Array<[string, string]> = [
    [t('ssoSettings.issuer'), settings.issuer ?? none],
    [t('ssoSettings.clientId'), settings.clientId ?? none],
    [t('ssoSettings.clientSecret'), settings.clientSecretSet ? t('ssoSettings.secretKept') : none],
    [t('ssoSettings.buttonLabel'), settings.buttonLabel],
    [t('ssoSettings.allowedDomains'), settings.allowedDomains.join(', ') || t('ssoSettings.anyDomain')],
    [t('ssoSettings.requiredDomains'), settings.requiredDomains.join(', ') || none],
    [t('ssoSettings.roleClaim'), settings.roleClaim ?? none],
    [t('ssoSettings.domainRoles'), settings.domainRoles.map((rule) => `${rule.domain} → ${t(rule.role === 'tutor' ? 'users.tutor' : 'users.student')}`).join(', ') || none],
  ];
  return (
    <section className="flex flex-col gap-4" aria-label={t('ssoSettings.title')}>
      <p role="status" className="alert alert-info alert-soft">
        {t('ssoSettings.fromEnvironment')}
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="mb-2 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <RedirectUri settings={settings} />
    </section>
  );
}

function SettingsForm({ settings }: { settings: SingleSignOnSettings }) {
  const { t } = useTranslator();
  const refusal = useFormRefusal(SAVE);
  const fields = refusal?.fields ?? {};
  const typed = (useActionData() as Typed | undefined)?.typed;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === SAVE;
  // What was typed when the form was refused, else what is saved.
  const shown = (name: string, saved: string) => typed?.[name] ?? saved;
  return (
    <>
      {settings.source === 'none' && <p className="alert alert-soft">{t('ssoSettings.off')}</p>}
      <Form method="post" className="flex flex-col gap-4" aria-labelledby="sso-settings-heading">
        <NoScriptField />
        <RefusalMessage title={t('ssoSettings.saveFailed')} intent={SAVE} />
        <TextField id="sso-issuer" label={t('ssoSettings.issuer')} name="issuer" type="url" required maxLength={SSO_TEXT_MAX} autoComplete="off" spellCheck={false} placeholder="https://login.example.edu" hint={t('ssoSettings.issuerHint')} defaultValue={shown('issuer', settings.issuer ?? '')} error={errorOf(fields, 'issuer')} />
        <TextField id="sso-client-id" label={t('ssoSettings.clientId')} name="clientId" required maxLength={SSO_TEXT_MAX} autoComplete="off" spellCheck={false} defaultValue={shown('clientId', settings.clientId ?? '')} error={errorOf(fields, 'clientId')} />
        <TextField
          id="sso-client-secret"
          label={t('ssoSettings.clientSecret')}
          name="clientSecret"
          type="password"
          maxLength={SSO_TEXT_MAX}
          autoComplete="new-password"
          required={!settings.clientSecretSet}
          hint={settings.clientSecretSet ? t('ssoSettings.secretKeptHint') : t('ssoSettings.secretHint')}
          error={errorOf(fields, 'clientSecret')}
        />
        <TextField id="sso-button-label" label={t('ssoSettings.buttonLabel')} name="buttonLabel" required maxLength={SSO_LABEL_MAX} hint={t('ssoSettings.buttonLabelHint')} defaultValue={shown('buttonLabel', settings.buttonLabel)} error={errorOf(fields, 'buttonLabel')} />
        <TextAreaField id="sso-allowed-domains" label={t('ssoSettings.allowedDomains')} name="allowedDomains" rows={2} spellCheck={false} hint={t('ssoSettings.allowedDomainsHint')} defaultValue={shown('allowedDomains', settings.allowedDomains.join('\n'))} error={errorOf(fields, 'allowedDomains')} />
        <TextAreaField id="sso-required-domains" label={t('ssoSettings.requiredDomains')} name="requiredDomains" rows={2} spellCheck={false} hint={t('ssoSettings.requiredDomainsHint')} defaultValue={shown('requiredDomains', settings.requiredDomains.join('\n'))} error={errorOf(fields, 'requiredDomains')} />
        <TextAreaField id="sso-domain-roles" label={t('ssoSettings.domainRoles')} name="domainRoles" rows={3} spellCheck={false} hint={t('ssoSettings.domainRolesHint')} placeholder="staff.school.edu = tutor" defaultValue={shown('domainRoles', rulesText(settings.domainRoles))} error={errorOf(fields, 'domainRoles')} />
        <TextField id="sso-role-claim" label={t('ssoSettings.roleClaim')} name="roleClaim" maxLength={100} autoComplete="off" spellCheck={false} hint={t('ssoSettings.roleClaimHint')} defaultValue={shown('roleClaim', settings.roleClaim ?? '')} error={errorOf(fields, 'roleClaim')} />
        <RedirectUri settings={settings} />
        <div>
          <SubmitButton busy={busy} label={t('ssoSettings.save')} busyLabel={t('ssoSettings.saving')} className="btn btn-primary" name="intent" value={SAVE} />
        </div>
      </Form>
      {settings.source === 'dashboard' && (
        <section aria-labelledby="sso-off-heading" className="flex flex-col gap-2">
          <h2 id="sso-off-heading" className="text-xl font-semibold">
            {t('ssoSettings.turnOffHeading')}
          </h2>
          <p className="text-sm text-base-content/70">{t('ssoSettings.turnOffText')}</p>
          <RefusalMessage title={t('ssoSettings.turnOffFailed')} intent={REMOVE} />
          <div>
            <IntentButton intent={REMOVE} confirm={() => confirmAction({ title: t('ssoSettings.turnOffTitle'), text: t('ssoSettings.turnOffText'), confirmButtonText: t('ssoSettings.turnOff') })} className="btn btn-error btn-outline">
              {t('ssoSettings.turnOff')}
            </IntentButton>
          </div>
        </section>
      )}
    </>
  );
}
