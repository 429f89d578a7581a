import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditEntry } from '#contract/audit-log.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { SearchForm } from '#web/components/search-form.tsx';
import { useAuditLog } from '#web/features/audit-log/api/use-audit-log.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useFilterField } from '#web/lib/form-fields.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { FilterSelect } from '#web/components/filter-select.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';

/** What each action says in the list; an action without one shows as it is stored. */
const actionLabels = ({ t }: Translator): Record<string, string> => ({
  'user.role_changed': t('auditLog.roleChanged'),
  'user.blocked': t('auditLog.userBlocked'),
  'user.unblocked': t('auditLog.userUnblocked'),
  'user.deleted': t('auditLog.accountDeleted'),
  'user.data_exported': t('auditLog.dataExported'),
  'user.password_changed': t('auditLog.passwordChanged'),
  'user.password_reset': t('auditLog.passwordReset'),
  'user.password_reset_requested': t('auditLog.resetLinkSent'),
  'user.viewed': t('auditLog.accountLookedUp'),
  'auth.sign_in_failures': t('auditLog.failedSignIns'),
  'session.approved': t('auditLog.sessionApproved'),
  'session.rejected': t('auditLog.sessionRejected'),
  'session.deleted': t('auditLog.sessionDeleted'),
  'material.removed': t('auditLog.materialRemoved'),
  'job.retried': t('auditLog.jobRetried'),
  'job.failed_listed': t('auditLog.failedJobsListed'),
});

const FAMILIES = ['user', 'auth', 'session', 'material', 'job'] as const;
const familyLabels = ({ t }: Translator): Record<(typeof FAMILIES)[number], string> => ({
  user: t('auditLog.accounts'),
  auth: t('auditLog.signIn'),
  session: t('auditLog.sessions'),
  material: t('auditLog.materials'),
  job: t('auditLog.jobs'),
});

const CHOICES = new Set<string>([...FAMILIES, ...AUDIT_ACTIONS]);

/**
 * Admin: the audit log (issue 23): every admin action and security event, newest first, with who,
 * what, when and from which address. Read-only: nothing on this page changes an entry. The
 * filter and the search live in the URL (`?action=…&q=…`), what the search form (a GET) asks for
 * when sent before the app is live.
 */
export function AuditLogPage() {
  const translator = useTranslator();
  const { t } = translator;
  const labels = actionLabels(translator);
  const families = familyLabels(translator);
  useTitle(t('auditLog.title'));
  const [params, setParams] = useSearchParams();
  const actionParam = params.get('action') ?? '';
  const action = CHOICES.has(actionParam) ? actionParam : '';
  const q = params.get('q') ?? '';
  const actionId = useId();
  const formId = useId();
  function update(next: { action?: string; q?: string }) {
    const search = new URLSearchParams();
    const nextAction = next.action ?? action;
    const nextQ = next.q ?? q;
    if (nextAction) search.set('action', nextAction);
    if (nextQ) search.set('q', nextQ);
    setParams(search, { replace: true });
  }
  // Chosen before the app was live, the filter applies once it is.
  const actionField = useFilterField<HTMLSelectElement>(action, (field) => update({ action: CHOICES.has(field.value) ? field.value : '' }));
  const log = useAuditLog(action, q);
  const items = pagedItems(log);

  return (
    <PageSection title={t('auditLog.title')} headingId="audit-log-heading">
      <p className="text-base-content/70">{t('auditLog.lead')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect label={t('auditLog.action')} id={actionId} ref={actionField} form={formId} name="action" className="select w-full sm:w-56" defaultValue={action} onChange={(event) => update({ action: event.target.value })}>
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
        </FilterSelect>
        <SearchForm id={formId} label={t('auditLog.search')} defaultValue={q} onSearch={(query) => update({ q: query })} />
      </div>

      <PagedListState query={log} loadingLabel={t('auditLog.loading')} empty={t('auditLog.noMatch')}>
        <ul className="flex flex-col gap-2">
          {items.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ul>
      </PagedListState>
    </PageSection>
  );
}

/** `details` as short "key: value" pairs (values of nested objects as JSON). */
function detailText(details: AuditEntry['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const translator = useTranslator();
  const { t } = translator;
  const { formatDate, formatTime } = useDateFormatters();
  const at = new Date(entry.at);
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="audit-row">
      <div className="card-body gap-1 p-4">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold">{actionLabels(translator)[entry.action] ?? entry.action}</span>
          <time dateTime={entry.at} className="text-sm text-base-content/70">
            {formatDate(at)} {formatTime(at)}
          </time>
        </p>
        <p className="text-sm break-all">
          {t('auditLog.by', { actor: entry.actor })}
          {entry.ip && <span className="text-base-content/70"> {t('auditLog.from', { ip: entry.ip })}</span>}
          <span className="text-base-content/70">
            {' '}
            · {entry.targetType} {entry.targetId}
          </span>
        </p>
        {Object.keys(entry.details).length > 0 && <p className="text-sm break-words text-base-content/80">{detailText(entry.details)}</p>}
      </div>
    </li>
  );
}
