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

/** What each action says in the list; an action without one shows as it is stored. */
const ACTION_LABELS: Record<string, string> = {
  'user.role_changed': 'Role changed',
  'user.blocked': 'User blocked',
  'user.unblocked': 'User unblocked',
  'user.deleted': 'Account deleted',
  'user.data_exported': 'Data exported',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset',
  'user.password_reset_requested': 'Reset link sent',
  'user.viewed': 'Account looked up',
  'auth.sign_in_failures': 'Failed sign-ins',
  'session.approved': 'Session approved',
  'session.rejected': 'Session rejected',
  'session.deleted': 'Session deleted',
  'material.removed': 'Material removed',
  'job.retried': 'Job retried',
  'job.failed_listed': 'Failed jobs listed',
};

const FAMILIES = [
  { value: 'user', label: 'Accounts' },
  { value: 'auth', label: 'Sign-in' },
  { value: 'session', label: 'Sessions' },
  { value: 'material', label: 'Materials' },
  { value: 'job', label: 'Background jobs' },
];

const CHOICES = new Set<string>([...FAMILIES.map((f) => f.value), ...AUDIT_ACTIONS]);

/**
 * Admin: the audit log (issue 23): every admin action and security event, newest first, with who,
 * what, when and from which address. Read-only: nothing on this page changes an entry. The
 * filter and the search live in the URL (`?action=…&q=…`), what the search form (a GET) asks for
 * when sent before the app is live.
 */
export function AuditLogPage() {
  useTitle('Audit Log');
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
    <PageSection title="Audit Log" headingId="audit-log-heading">
      <p className="text-base-content/70">Admin actions and security events, newest first. Entries cannot be changed or removed.</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect label="Action" id={actionId} ref={actionField} form={formId} name="action" className="select w-full sm:w-56" defaultValue={action} onChange={(event) => update({ action: event.target.value })}>
          <option value="">All actions</option>
          <optgroup label="Kinds">
            {FAMILIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Actions">
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a] ?? a}
              </option>
            ))}
          </optgroup>
        </FilterSelect>
        <SearchForm id={formId} label="Search by who, target or details" defaultValue={q} onSearch={(query) => update({ q: query })} />
      </div>

      <PagedListState query={log} loadingLabel="Loading the audit log" empty="No entries match.">
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
  const { formatDate, formatTime } = useDateFormatters();
  const at = new Date(entry.at);
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="audit-row">
      <div className="card-body gap-1 p-4">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold">{ACTION_LABELS[entry.action] ?? entry.action}</span>
          <time dateTime={entry.at} className="text-sm text-base-content/70">
            {formatDate(at)} {formatTime(at)}
          </time>
        </p>
        <p className="text-sm break-all">
          By {entry.actor}
          {entry.ip && <span className="text-base-content/70"> from {entry.ip}</span>}
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
