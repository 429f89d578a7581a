import type { LoaderFunctionArgs } from 'react-router';
import { AUDIT_ACTIONS, type AuditEntry } from '#contract/audit-log.ts';
import { DEFAULT_CURRENCY } from '#contract/users.ts';
import { FilterBar, PagedList, useListQuery } from '#web/components/filtered-list.tsx';
import { auditLogQuery, useAuditLog } from '#web/features/audit-log/api/use-audit-log.ts';
import { actionLabels, auditEntryText } from '#i18n/audit-entry-text.ts';
import { authConfigQuery, useAuthConfig } from '#web/features/auth/public.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';

export { actionLabels };

const FAMILIES = ['user', 'auth', 'session', 'material', 'job'] as const;
const familyLabels = ({ t }: Translator): Record<(typeof FAMILIES)[number], string> => ({
  user: t('auditLog.accounts'),
  auth: t('auditLog.signIn'),
  session: t('auditLog.sessions'),
  material: t('auditLog.materials'),
  job: t('auditLog.jobs'),
});

const CHOICES = new Set<string>([...FAMILIES, ...AUDIT_ACTIONS]);
const isChoice = (value: string): value is string => CHOICES.has(value);

/** The first page of the log the address asks for (`?action=…&q=…`, read as useListQuery reads them). */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const action = search.get('action') ?? '';
  const queryClient = pageQueryClient();
  // The installation's currency, which the entries' amounts are in.
  await Promise.all([queryClient.prefetchInfiniteQuery(auditLogQuery(isChoice(action) ? action : '', search.get('q') ?? '')), queryClient.prefetchQuery(authConfigQuery)]);
  return null;
}

/**
 * Admin: the audit log: every admin action and security event, newest first, with who,
 * what, when and from which address, its details named as the forms name them
 * (i18n/audit-entry-text.ts, which the server's search reads too). Read-only: nothing on this page changes an entry. The
 * filter and the search live in the URL (`?action=…&q=…`), what the search form (a GET) asks for
 * when sent before the app is live.
 */
export function AuditLogPage() {
  const translator = useTranslator();
  const { t } = translator;
  const labels = actionLabels(translator);
  const families = familyLabels(translator);
  useTitle(t('auditLog.title'));
  const list = useListQuery('action', isChoice);
  const log = useAuditLog(list.filter, list.q);

  return (
    <PageSection title={t('auditLog.title')} headingId="audit-log-heading">
      <p className="text-base-content/70">{t('auditLog.lead')}</p>
      <FilterBar list={list} filterLabel={t('auditLog.action')} filterWidth="sm:w-56" searchLabel={t('auditLog.search')}>
          <option value="">{t('auditLog.allActions')}</option>
          <optgroup label={t('auditLog.kinds')}>
            {FAMILIES.map((f) => (
              <option key={f} value={f}>
                {families[f]}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('auditLog.actions')}>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {labels[a] ?? a}
              </option>
            ))}
          </optgroup>
      </FilterBar>
      <PagedList query={log} loadingLabel={t('auditLog.loading')} empty={t('auditLog.noMatch')} gap="gap-2">
        {(entry) => <AuditRow key={entry.id} entry={entry} />}
      </PagedList>
    </PageSection>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const translator = useTranslator();
  const { t } = translator;
  const { formatDate, formatTime } = useDateFormatters();
  const currency = useAuthConfig().data?.currency ?? DEFAULT_CURRENCY;
  const at = new Date(entry.at);
  const { target, facts } = auditEntryText(entry, { translator, currency, dateTime: (instant) => `${formatDate(instant)} ${formatTime(instant)}` });
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="audit-row">
      <div className="card-body gap-1 p-4">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold">{actionLabels(translator)[entry.action] ?? entry.action}</span>
          <time dateTime={entry.at} className="text-sm text-base-content/70">
            {formatDate(at)} {formatTime(at)}
          </time>
        </p>
        <p className="text-sm break-words">
          {t('auditLog.by', { actor: entry.actor })}
          {entry.ip && <span className="text-base-content/70"> {t('auditLog.from', { ip: entry.ip })}</span>}
          <span className="text-base-content/70"> · {target}</span>
        </p>
        {facts.length > 0 && (
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
            {facts.map((fact, i) => (
              <div key={i} className="flex min-w-0 gap-1">
                <dt className="font-medium">{t('auditLog.fact', { label: fact.label })}</dt>
                <dd className="min-w-0 break-words">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}
