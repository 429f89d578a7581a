import { useEffect, useRef, useState } from 'react';
import { type ActionFunctionArgs, data, Form, useActionData, useNavigation } from 'react-router';
import { API_KEY_NAME_MAX, createApiKeyBody, SCOPES_OF_ROLE, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '#contract/api-keys.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { apiKeysQuery, createApiKey, revokeApiKey, useApiKeys } from '#web/features/api-keys/api/api-keys.ts';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useHydrated } from '#web/lib/form-fields.ts';
import { confirmAction } from '#web/lib/dialogs.ts';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

// A tutor's or an admin's API keys (docs/decisions/056-api-keys.md): the keys they have, a form
// to make one with the scopes their role allows, and each key's Revoke. The secret of a new key
// is in the create action's data only: the page drawn from that answer shows it once; it never
// goes into an address or a cookie, and the page read again no longer has it.

const PAGE = '/dashboard/api-keys';
const CREATE = 'create';
const REVOKE = 'revoke';

/** The create action's answer: the new key, with its secret. */
interface KeyCreated {
  created: CreatedApiKey;
}

/** The signed-in user (their role says which scopes the form offers) and their keys. */
export async function loader() {
  const queryClient = pageQueryClient();
  await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.prefetchQuery(apiKeysQuery)]);
  return null;
}

/**
 * Create: the page again with the new key's secret, shown this once (the form empty again);
 * Revoke: the page again, which says "API key revoked". Refused: the page again with the API's
 * 4xx, its reason under the field it names, what was typed kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = formText(form);
  const queryClient = pageQueryClient();
  switch (fields.intent) {
    case CREATE: {
      let created: CreatedApiKey;
      try {
        created = await createApiKey(formBody(createApiKeyBody, { name: fields.name ?? '', scopes: form.getAll('scopes').map(String) }));
      } catch (error) {
        return refused(error, CREATE);
      }
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
      return data<KeyCreated>({ created });
    }
    case REVOKE: {
      try {
        await revokeApiKey(fields.id ?? '');
      } catch (error) {
        return refused(error, REVOKE);
      }
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
      return sentOn(PAGE, 'apiKeys.revoked');
    }
    default:
      return data(null, { status: 400 });
  }
}

/** How the page names each scope, and what it lets a key do. */
function scopeText(t: Translator['t'], scope: ApiKeyScope): { label: string; description: string } {
  switch (scope) {
    case 'sessions:read':
      return { label: t('apiKeys.scopeSessionsRead'), description: t('apiKeys.scopeSessionsReadText') };
    case 'sessions:write':
      return { label: t('apiKeys.scopeSessionsWrite'), description: t('apiKeys.scopeSessionsWriteText') };
    case 'bookings:read':
      return { label: t('apiKeys.scopeBookingsRead'), description: t('apiKeys.scopeBookingsReadText') };
    case 'admin':
      return { label: t('apiKeys.scopeAdmin'), description: t('apiKeys.scopeAdminText') };
  }
}

/** Whether the form of `intent` is being sent (or the page redrawn after it). */
function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

/** Tutors and admins: their API keys, a new one, Revoke. */
export function ApiKeysPage() {
  const { t } = useTranslator();
  useTitle(t('apiKeys.title'));
  const { user } = useMe();
  const keys = useApiKeys();
  const made = (useActionData() as Partial<KeyCreated> | undefined)?.created;
  // The key just made, while it is one of the keys: revoked, its secret is shown no more.
  const created = made && keys.data?.items.some((key) => key.id === made.id) ? made : undefined;
  if (!user) return null; // The dashboard layout renders pages only once the user is known.

  return (
    <PageSection title={t('apiKeys.title')} headingId="api-keys-heading" className="flex max-w-3xl flex-col gap-6">
      <p className="text-base-content/70">{t('apiKeys.lead')}</p>
      {created && <NewKey key={created.id} created={created} />}
      {/* Keyed by the key it made: empty again once a key is made (a key of its own, never the note's above). */}
      <CreateKeyForm key={created ? `form-after-${created.id}` : 'form'} scopes={SCOPES_OF_ROLE[user.role]} />
      <section aria-labelledby="api-keys-list-heading" className="flex flex-col gap-3">
        <h2 id="api-keys-list-heading" className="text-xl font-semibold">
          {t('apiKeys.listHeading')}
        </h2>
        {/* A refused Revoke, said once for the list. */}
        <RefusalMessage title={t('apiKeys.revokeFailed')} intent={REVOKE} />
        <QueryState query={keys} loadingLabel={t('apiKeys.loading')}>
          {() =>
            keys.data && keys.data.items.length > 0 ? (
              <ul className="flex flex-col gap-3">
                {keys.data.items.map((key) => (
                  <KeyRow key={key.id} apiKey={key} />
                ))}
              </ul>
            ) : (
              <p className="text-base-content/70">{t('apiKeys.none')}</p>
            )
          }
        </QueryState>
      </section>
    </PageSection>
  );
}

/** The key just made, with its secret: said once, never again. */
function NewKey({ created }: { created: CreatedApiKey }) {
  const { t } = useTranslator();
  const heading = useRef<HTMLHeadingElement>(null);
  // "Copy key" needs the app: without it the field is there to select and copy by hand.
  const live = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    // The focus goes to what was made: the page changed under the form that was sent.
    heading.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      // No clipboard (refused, or an insecure page): the field stays there to copy by hand.
      document.getElementById('new-api-key')?.focus();
    }
  }

  return (
    <section aria-labelledby="new-api-key-heading" className="alert alert-success alert-soft flex flex-col items-stretch gap-3" data-testid="new-api-key">
      <h2 id="new-api-key-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold break-words">
        {t('apiKeys.newHeading', { name: created.name })}
      </h2>
      <p>
        <strong>{t('apiKeys.shownOnce')}</strong>
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor="new-api-key" className="text-sm font-medium">
          {t('apiKeys.secretLabel')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="new-api-key"
            type="text"
            className="input input-bordered min-w-0 flex-1 font-mono text-sm"
            readOnly
            value={created.secret}
            aria-describedby="new-api-key-use"
            autoComplete="off"
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          {live && (
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
            </button>
          )}
        </div>
        <p id="new-api-key-use" className="text-sm">
          {t('apiKeys.howToUse')}
        </p>
      </div>
      <p role="status" className="sr-only">
        {copied ? t('apiKeys.copied') : ''}
      </p>
    </section>
  );
}

/** A key's name and scopes; the API refuses what the role may not give, and says why under the field. */
function CreateKeyForm({ scopes }: { scopes: readonly ApiKeyScope[] }) {
  const { t } = useTranslator();
  const fields = useFormRefusal(CREATE)?.fields ?? {};
  const busy = useSending(CREATE);
  // A scope the schema refused is named by its place in the list (`scopes.0`).
  const scopesError = fields.scopes ?? Object.entries(fields).find(([field]) => field.startsWith('scopes.'))?.[1];
  return (
    <section aria-labelledby="api-key-create-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="api-key-create-heading" className="card-title">
          {t('apiKeys.createHeading')}
        </h2>
        <Form method="post" className="flex flex-col gap-4">
          <NoScriptField />
          <RefusalMessage title={t('apiKeys.createFailed')} intent={CREATE} />
          <TextField id="api-key-name" label={t('apiKeys.name')} name="name" required maxLength={API_KEY_NAME_MAX} autoComplete="off" hint={t('apiKeys.nameHint')} error={fields.name} />
          <fieldset className="flex flex-col gap-3" aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('apiKeys.scopes')}</legend>
            {scopes.map((scope) => {
              const { label, description } = scopeText(t, scope);
              const id = `api-key-scope-${scope.replace(':', '-')}`;
              return (
                <div key={scope} className="flex items-start gap-3">
                  <input id={id} type="checkbox" name="scopes" value={scope} className="checkbox checkbox-primary mt-1 shrink-0" defaultChecked={scope === 'sessions:read'} aria-describedby={`${id}-text`} />
                  <div className="min-w-0">
                    <label htmlFor={id} className="font-medium">
                      {label}
                    </label>
                    <p id={`${id}-text`} className="text-sm text-base-content/70">
                      {description}
                    </p>
                  </div>
                </div>
              );
            })}
            {scopesError && (
              <p id="api-key-scopes-error" role="alert" className="text-sm text-error">
                {scopesError}
              </p>
            )}
          </fieldset>
          <div>
            <SubmitButton busy={busy} label={t('apiKeys.create')} busyLabel={t('apiKeys.creating')} className="btn btn-primary" name="intent" value={CREATE} />
          </div>
        </Form>
      </div>
    </section>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslator();
  const { formatDate, formatTime } = useDateFormatters();
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="api-key-row">
      <div className="card-body gap-2 p-4 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="font-semibold break-words">{apiKey.name}</p>
          <p className="font-mono text-sm break-all text-base-content/70">{apiKey.prefix}…</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">{t('apiKeys.scopes')}</dt>
            <dd className="flex flex-wrap gap-1">
              {apiKey.scopes.map((scope) => (
                <span key={scope} className="badge badge-outline badge-sm h-auto">
                  {scopeText(t, scope).label}
                </span>
              ))}
            </dd>
            <dt className="text-base-content/70">{t('apiKeys.created')}</dt>
            <dd>
              <time dateTime={apiKey.createdAt}>{when(apiKey.createdAt)}</time>
            </dd>
            <dt className="text-base-content/70">{t('apiKeys.lastUsed')}</dt>
            <dd>{apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt}>{when(apiKey.lastUsedAt)}</time> : t('apiKeys.neverUsed')}</dd>
          </dl>
        </div>
        <div className="self-start">
          <IntentButton
            intent={REVOKE}
            fields={{ id: apiKey.id }}
            confirm={() => confirmAction({ title: t('apiKeys.revokeTitle', { name: apiKey.name }), text: t('apiKeys.revokeText'), confirmButtonText: t('apiKeys.revokeConfirm') })}
            className="btn btn-sm btn-error btn-outline"
            label={t('apiKeys.revokeLabel', { name: apiKey.name })}
          >
            {t('apiKeys.revoke')}
          </IntentButton>
        </div>
      </div>
    </li>
  );
}
