import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '#contract/audit-log.ts';
import { FilterBar, PagedList, useListQuery } from '#web/components/filtered-list.tsx';
import { useAuditLog } from '#web/features/audit-log/api/use-audit-log.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';

/** What each action says in the list (every action has words); an entry of an older action shows as it is stored. */
export const actionLabels = ({ t }: Translator): Record<string, string> => ({
  'user.role_changed': t('auditLog.roleChanged'),
  'user.blocked': t('auditLog.userBlocked'),
  'user.unblocked': t('auditLog.userUnblocked'),
  'user.deleted': t('auditLog.accountDeleted'),
  'user.data_exported': t('auditLog.dataExported'),
  'user.password_changed': t('auditLog.passwordChanged'),
  'user.password_reset': t('auditLog.passwordReset'),
  'user.password_reset_requested': t('auditLog.resetLinkSent'),
  'user.viewed': t('auditLog.accountLookedUp'),
  'user.notes_viewed': t('auditLog.notesViewed'),
  'user.note_viewed': t('auditLog.noteViewed'),
  'user.bookings_viewed': t('auditLog.bookingsViewed'),
  'user.sessions_viewed': t('auditLog.tutorSessionsViewed'),
  'auth.sign_in_failures': t('auditLog.failedSignIns'),
  'session.approved': t('auditLog.sessionApproved'),
  'session.rejected': t('auditLog.sessionRejected'),
  'session.deleted': t('auditLog.sessionDeleted'),
  'session.cancelled': t('auditLog.sessionCancelled'),
  'session.updated': t('auditLog.sessionUpdated'),
  'session.viewed': t('auditLog.sessionViewed'),
  'session.roster_viewed': t('auditLog.rosterViewed'),
  'session.roster_downloaded': t('auditLog.rosterDownloaded'),
  'session.attendance_marked': t('auditLog.attendanceMarked'),
  'material.removed': t('auditLog.materialRemoved'),
  'job.retried': t('auditLog.jobRetried'),
  'job.failed_listed': t('auditLog.failedJobsListed'),
}) satisfies Record<AuditAction, string>;

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

/**
 * Admin: the audit log: every admin action and security event, newest first, with who,
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
