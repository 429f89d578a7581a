import { type ActionFunctionArgs, data, Form, useNavigation } from 'react-router';
import { createLtiPlatformBody, LTI_URL_MAX, type LtiPlatform, type LtiToolSettings } from '#contract/lti.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { ltiPlatformsQuery, registerLtiPlatform, removeLtiPlatform, useLtiPlatforms } from '#web/features/lti/api/lti-platforms.ts';
import { confirmAction } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

// Admin: StudyNest as an LTI 1.3 tool (docs/decisions/062-lti-tool.md). What to paste into
// Moodle or Canvas (StudyNest's URLs), the platforms registered, and a form to register one with
// what the platform gave (issuer, client id, deployment ids, its three endpoints).

const PAGE = '/dashboard/lti-platforms';
const REGISTER = 'register';
const REMOVE = 'remove';

export async function loader() {
  await pageQueryClient().ensureQueryData(ltiPlatformsQuery);
  return null;
}

/** Register or Remove: the page again, which says so; refused, the page with the API's reasons under the fields and what was typed kept. */
export async function action({ request }: ActionFunctionArgs) {
  const fields = formText(await request.formData());
  const queryClient = pageQueryClient();
  switch (fields.intent) {
    case REGISTER: {
      const deploymentIds = (fields.deploymentIds ?? '').split(/[\s,]+/).filter(Boolean);
      // The services address is optional: left empty, it is not sent.
      const { servicesUrl, ...rest } = fields;
      try {
        await registerLtiPlatform(formBody(createLtiPlatformBody, { ...rest, ...(servicesUrl?.trim() ? { servicesUrl: servicesUrl.trim() } : {}), deploymentIds }));
      } catch (error) {
        return refused(error, REGISTER);
      }
      await queryClient.invalidateQueries({ queryKey: ltiPlatformsQuery.queryKey });
      return sentOn(PAGE, 'ltiPlatforms.registered');
    }
    case REMOVE: {
      try {
        await removeLtiPlatform(fields.id ?? '');
      } catch (error) {
        return refused(error, REMOVE);
      }
      await queryClient.invalidateQueries({ queryKey: ltiPlatformsQuery.queryKey });
      return sentOn(PAGE, 'ltiPlatforms.removed');
    }
    default:
      return data(null, { status: 400 });
  }
}

export function LtiPlatformsPage() {
  const { t } = useTranslator();
  useTitle(t('ltiPlatforms.title'));
  const list = useLtiPlatforms();
  return (
    <PageSection title={t('ltiPlatforms.title')} headingId="lti-platforms-heading" className="flex max-w-3xl flex-col gap-6">
      <p className="text-base-content/70">{t('ltiPlatforms.lead')}</p>
      <QueryState query={list} loadingLabel={t('ltiPlatforms.loading')}>
        {() =>
          list.data ? (
            <>
              <ToolSettings tool={list.data.tool} />
              <section aria-labelledby="lti-platforms-list-heading" className="flex flex-col gap-3">
                <h2 id="lti-platforms-list-heading" className="text-xl font-semibold">
                  {t('ltiPlatforms.listHeading')}
                </h2>
                <RefusalMessage title={t('ltiPlatforms.removeFailed')} intent={REMOVE} />
                {list.data.items.length > 0 ? (
                  <ul className="flex flex-col gap-3">
                    {list.data.items.map((platform) => (
                      <PlatformRow key={platform.id} platform={platform} />
                    ))}
                  </ul>
                ) : (
                  <p className="text-base-content/70">{t('ltiPlatforms.none')}</p>
                )}
              </section>
            </>
          ) : null
        }
      </QueryState>
      <RegisterForm />
    </PageSection>
  );
}

/** StudyNest's side of the registration: what the platform's admin pastes. */
function ToolSettings({ tool }: { tool: LtiToolSettings }) {
  const { t } = useTranslator();
  const rows: [string, string][] = [
    [t('ltiPlatforms.toolUrl'), tool.targetLinkUri],
    [t('ltiPlatforms.loginUrl'), tool.loginUrl],
    [t('ltiPlatforms.launchUrl'), tool.launchUrl],
    [t('ltiPlatforms.jwksUrl'), tool.jwksUrl],
  ];
  return (
    <section aria-labelledby="lti-tool-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="lti-tool-heading" className="card-title">
          {t('ltiPlatforms.toolHeading')}
        </h2>
        <p className="text-sm">{t('ltiPlatforms.toolLead')}</p>
        <dl className="flex flex-col gap-2" data-testid="lti-tool-settings">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-sm font-medium">{label}</dt>
              <dd className="font-mono text-sm break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm">{t('ltiPlatforms.moodleHint')}</p>
        <p className="text-sm">{t('ltiPlatforms.canvasHint')}</p>
      </div>
    </section>
  );
}

function PlatformRow({ platform }: { platform: LtiPlatform }) {
  const { t } = useTranslator();
  const facts: [string, string][] = [
    [t('ltiPlatforms.issuer'), platform.issuer],
    [t('ltiPlatforms.clientId'), platform.clientId],
    [t('ltiPlatforms.deploymentIds'), platform.deploymentIds.join(', ')],
    [t('ltiPlatforms.authUrl'), platform.authUrl],
    [t('ltiPlatforms.tokenUrl'), platform.tokenUrl],
    [t('ltiPlatforms.platformJwksUrl'), platform.jwksUrl],
    ...(platform.servicesUrl ? ([[t('ltiPlatforms.servicesUrl'), platform.servicesUrl]] as [string, string][]) : []),
  ];
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="lti-platform-row">
      <div className="card-body gap-2 p-4">
        <p className="font-semibold break-words">{platform.name}</p>
        <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-base-content/70">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <IntentButton
            intent={REMOVE}
            fields={{ id: platform.id }}
            confirm={() => confirmAction({ title: t('ltiPlatforms.removeTitle', { name: platform.name }), text: t('ltiPlatforms.removeText'), confirmButtonText: t('ltiPlatforms.removeConfirm') })}
            className="btn btn-sm btn-error btn-outline"
            label={t('ltiPlatforms.removeLabel', { name: platform.name })}
          >
            {t('ltiPlatforms.remove')}
          </IntentButton>
        </div>
      </div>
    </li>
  );
}

function RegisterForm() {
  const { t } = useTranslator();
  const refusal = useFormRefusal(REGISTER);
  const fields = refusal?.fields ?? {};
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === REGISTER;
  const deploymentError = fields.deploymentIds ?? Object.entries(fields).find(([field]) => field.startsWith('deploymentIds.'))?.[1];
  return (
    <section aria-labelledby="lti-register-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="lti-register-heading" className="card-title">
          {t('ltiPlatforms.registerHeading')}
        </h2>
        <Form method="post" className="flex flex-col gap-4">
          <NoScriptField />
          <RefusalMessage title={t('ltiPlatforms.registerFailed')} intent={REGISTER} />
          <TextField id="lti-name" name="name" label={t('ltiPlatforms.name')} hint={t('ltiPlatforms.nameHint')} required maxLength={100} autoComplete="off" error={fields.name} />
          <TextField id="lti-issuer" name="issuer" type="url" label={t('ltiPlatforms.issuer')} hint={t('ltiPlatforms.issuerHint')} required maxLength={LTI_URL_MAX} autoComplete="off" error={fields.issuer} />
          <TextField id="lti-client-id" name="clientId" label={t('ltiPlatforms.clientId')} required maxLength={255} autoComplete="off" error={fields.clientId} />
          <TextAreaField id="lti-deployments" name="deploymentIds" label={t('ltiPlatforms.deploymentIds')} rows={2} required error={deploymentError} />
          <TextField id="lti-auth-url" name="authUrl" type="url" label={t('ltiPlatforms.authUrl')} required maxLength={LTI_URL_MAX} autoComplete="off" error={fields.authUrl} />
          <TextField id="lti-token-url" name="tokenUrl" type="url" label={t('ltiPlatforms.tokenUrl')} required maxLength={LTI_URL_MAX} autoComplete="off" error={fields.tokenUrl} />
          <TextField id="lti-jwks-url" name="jwksUrl" type="url" label={t('ltiPlatforms.platformJwksUrl')} required maxLength={LTI_URL_MAX} autoComplete="off" error={fields.jwksUrl} />
          <TextField id="lti-services-url" name="servicesUrl" type="url" label={t('ltiPlatforms.servicesUrl')} hint={t('ltiPlatforms.servicesUrlHint')} maxLength={LTI_URL_MAX} autoComplete="off" error={fields.servicesUrl} />
          <div>
            <SubmitButton busy={busy} label={t('ltiPlatforms.register')} busyLabel={t('ltiPlatforms.registering')} className="btn btn-primary" name="intent" value={REGISTER} />
          </div>
        </Form>
      </div>
    </section>
  );
}
