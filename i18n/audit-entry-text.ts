// What an audit entry says, in the page's language: the thing it is about by the name it carries
// (a session's title, an account's address) instead of its id, and each recorded detail under the
// name the forms give it ("Registration fee": "$0.00"), its value as the app writes it elsewhere
// (money in the installation's currency, times in the viewer's zone, statuses and roles by their
// labels). An id stays only where nothing else identifies the thing; a detail this page does not
// know (an older entry's) shows as it is stored. Shared by the admin's Audit Log page and the
// server's search of the log (server/audit/audit-text-search.ts), so that the words the page
// shows are the words that find an entry.
import type { AuditAction, AuditEntry } from '#contract/audit-log.ts';
import type { Translator } from './translator.ts';

export interface AuditFact {
  label: string;
  value: string;
}

export interface AuditEntryText {
  /** "Session “Calculus”", "Account ana@example.com"; "Job 3f2c…" where the id is all there is. */
  target: string;
  facts: AuditFact[];
}

export interface AuditWords {
  translator: Translator;
  /** The installation's currency (GET /api/config), ISO 4217. */
  currency: string;
  /** "29/11/2026 18:05" in the viewer's zone. */
  dateTime(instant: string): string;
}

/** How a recorded value reads. */
type Kind = 'text' | 'count' | 'seats' | 'money' | 'moment' | 'status' | 'role' | 'attendance' | 'yesNo' | 'list' | 'minutes' | 'place' | 'deletedBy' | 'how';

/** A detail's name on the page and how its value reads; `null`: said by the target already, or an id another detail names. */
type Shown = { label: (t: Translator['t']) => string; kind: Kind };
const named = (label: (t: Translator['t']) => string, kind: Kind = 'text'): Shown => ({ label, kind });

/** The session's columns an edit, an approval or a reschedule records, named as the session forms name them. */
const SESSION_FIELDS: Record<string, Shown> = {
  title: named((t) => t('sessionForm.title')),
  description: named((t) => t('auditLog.field.description')),
  registrationStartDate: named((t) => t('auditLog.field.registrationStart'), 'moment'),
  registrationEndDate: named((t) => t('auditLog.field.registrationEnd'), 'moment'),
  classStartDate: named((t) => t('auditLog.field.classStart'), 'moment'),
  classEndDate: named((t) => t('auditLog.field.classEnd'), 'moment'),
  registrationFeeCents: named((t) => t('sessionDecisions.fee'), 'money'),
  maxParticipants: named((t) => t('auditLog.field.maxParticipants'), 'seats'),
  cancellationCutoffHours: named((t) => t('sessionForm.cutoff'), 'count'),
  status: named((t) => t('auditLog.field.status'), 'status'),
  locationKind: named((t) => t('sessionForm.placeLegend'), 'place'),
  placeName: named((t) => t('sessionForm.placeName')),
  placeAddress: named((t) => t('sessionForm.placeAddress')),
  meetingUrl: named((t) => t('sessionForm.meetingUrl')),
  tutorTimeZone: named((t) => t('auditLog.field.tutorTimeZone')),
  rejectionReason: named((t) => t('sessionDecisions.reason')),
  rejectionFeedback: named((t) => t('sessionDecisions.feedback')),
  cancellationReason: named((t) => t('auditLog.field.cancellationReason')),
  cancelledAt: named((t) => t('auditLog.field.cancelledAt'), 'moment'),
};

/** Every other detail an entry records. */
const DETAILS: Record<string, Shown | null> = {
  ...SESSION_FIELDS,
  reason: named((t) => t('sessionDecisions.reason')),
  feedback: named((t) => t('sessionDecisions.feedback')),
  tutorEmail: named((t) => t('auditLog.field.tutor')),
  tutorId: named((t) => t('auditLog.field.tutorId')),
  bookedCount: named((t) => t('auditLog.field.bookedCount'), 'count'),
  waitlisted: named((t) => t('auditLog.field.waitlisted'), 'count'),
  refundedBookings: named((t) => t('auditLog.field.refundedBookings'), 'count'),
  cancelledBookings: named((t) => t('auditLog.field.cancelledBookings'), 'count'),
  message: named((t) => t('auditLog.field.message')),
  students: named((t) => t('auditLog.field.students'), 'count'),
  sessions: named((t) => t('auditLog.field.sessions'), 'count'),
  notes: named((t) => t('auditLog.field.notes'), 'count'),
  entries: named((t) => t('auditLog.field.bookings'), 'count'),
  studentEmail: named((t) => t('auditLog.field.student')),
  attendance: named((t) => t('attendance.label'), 'attendance'),
  allNotMarked: named((t) => t('auditLog.field.allNotMarked'), 'count'),
  role: named((t) => t('users.role'), 'role'),
  by: named((t) => t('auditLog.field.deletedBy'), 'deletedBy'),
  signedOutOtherDevices: named((t) => t('settings.signOutOthers'), 'yesNo'),
  with: named((t) => t('auditLog.field.how'), 'how'),
  delivery: named((t) => t('auditLog.field.how'), 'how'),
  failures: named((t) => t('auditLog.field.failures'), 'count'),
  withinMinutes: named((t) => t('auditLog.field.within'), 'minutes'),
  accountExists: named((t) => t('auditLog.field.accountExists'), 'yesNo'),
  sessionTitle: named((t) => t('auditLog.field.session')),
  kind: named((t) => t('auditLog.field.kind')),
  attempts: named((t) => t('auditLog.field.attempts'), 'count'),
  lastError: named((t) => t('auditLog.field.lastError')),
  failed: named((t) => t('auditLog.field.failed'), 'count'),
  dead: named((t) => t('auditLog.field.dead'), 'count'),
  prefix: named((t) => t('auditLog.field.prefix')),
  scopes: named((t) => t('auditLog.field.scopes'), 'list'),
  events: named((t) => t('auditLog.field.events'), 'list'),
  issuer: named((t) => t('auditLog.field.issuer')),
  clientId: named((t) => t('auditLog.field.clientId')),
  deploymentIds: named((t) => t('auditLog.field.deploymentIds'), 'list'),
  platform: named((t) => t('auditLog.field.platform')),
  created: named((t) => t('auditLog.field.created'), 'yesNo'),
  // A course's roster imported from its platform (docs/decisions/068-lti-nrps.md).
  course: named((t) => t('auditLog.field.course')),
  contextId: named((t) => t('auditLog.field.contextId')),
  members: named((t) => t('auditLog.field.members'), 'count'),
  pages: named((t) => t('auditLog.field.pages'), 'count'),
  truncated: named((t) => t('auditLog.field.truncated'), 'yesNo'),
  // Single sign-on: a sign-in through the school's provider, and the provider's settings changed.
  provider: named((t) => t('auditLog.field.provider')),
  firstSignIn: named((t) => t('auditLog.field.firstSignIn'), 'yesNo'),
  accountCreated: named((t) => t('auditLog.field.accountCreated'), 'yesNo'),
  changed: named((t) => t('auditLog.field.changed'), 'list'),
  allowedDomains: named((t) => t('ssoSettings.allowedDomains'), 'list'),
  requiredDomains: named((t) => t('ssoSettings.requiredDomains'), 'list'),
  buttonLabel: named((t) => t('ssoSettings.buttonLabel')),
  roleClaim: named((t) => t('ssoSettings.roleClaim')),
  domainRoles: named((t) => t('ssoSettings.domainRoles')),
  // Named by another detail: the student by their address, the note by its title, the session by its title.
  studentId: null,
  noteId: null,
  sessionId: null,
  // An API key's request: said as one "Request" (method and path) and its "Answer".
  method: null,
  route: null,
  path: null,
};

const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The entry's words for the page: what it is about, and its details named. */
export function auditEntryText(entry: AuditEntry, words: AuditWords): AuditEntryText {
  const { t, language } = words.translator;
  const details = entry.details;
  const str = (key: string) => (typeof details[key] === 'string' && details[key] !== '' ? (details[key] as string) : null);

  const money = (cents: number) => new Intl.NumberFormat(language, { style: 'currency', currency: words.currency }).format(cents / 100);
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  const roles: Record<string, string> = { student: t('users.student'), tutor: t('users.tutor'), admin: t('users.admin') };
  const statuses: Record<string, string> = { pending: t('sessionText.pending'), approved: t('sessionText.approved'), rejected: t('sessionText.rejected'), cancelled: t('sessionText.cancelled') };
  const marks: Record<string, string> = { present: t('attendance.present'), absent: t('attendance.absent') };
  const places: Record<string, string> = { in_person: t('sessionForm.inPerson'), online: t('sessionForm.online'), tba: t('sessionForm.toBeAnnounced') };
  const deleters: Record<string, string> = { themselves: t('auditLog.byThemselves'), user: t('auditLog.byAdmin'), operator: t('auditLog.byOperator') };

  function valueOf(kind: Kind, value: unknown): string {
    // No seat limit is recorded as none.
    if (kind === 'seats' && value === null) return t('sessionText.noSeatLimit');
    if (isBlank(value)) return t('auditLog.empty');
    switch (kind) {
      case 'money':
        return typeof value === 'number' ? money(value) : text(value);
      case 'count':
      case 'seats':
        return typeof value === 'number' ? count(value) : text(value);
      case 'moment':
        return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? words.dateTime(value) : text(value);
      case 'status':
        return statuses[text(value)] ?? text(value);
      case 'role':
        return roles[text(value)] ?? text(value);
      case 'attendance':
        return marks[text(value)] ?? text(value);
      case 'place':
        return places[text(value)] ?? text(value);
      case 'deletedBy':
        return deleters[text(value)] ?? text(value);
      case 'how':
        return value === 'emailed link' ? t('auditLog.emailedLink') : text(value);
      case 'yesNo':
        return value === true ? t('auditLog.yes') : value === false ? t('auditLog.no') : text(value);
      case 'list':
        return Array.isArray(value) ? value.map(text).join(', ') : text(value);
      case 'minutes':
        return typeof value === 'number' ? t('sessionText.minutes', { count: value }) : text(value);
      case 'text':
        return text(value);
    }
  }

  // What the entry is about, by the name it carries; the details that name it are not said again.
  const said = new Set<string>();
  const by = (key: string) => {
    said.add(key);
    return str(key);
  };
  let target: string;
  switch (entry.targetType) {
    case 'session': {
      const title = by('title');
      target = title ? t('auditLog.target.session', { name: title }) : t('auditLog.target.other', { type: t('auditLog.field.session'), name: entry.targetId });
      break;
    }
    case 'series': {
      const title = by('title');
      target = t('auditLog.target.series', { name: title ?? entry.targetId });
      break;
    }
    case 'user': {
      const email = by('email');
      target = t('auditLog.target.user', { name: email ?? entry.targetId });
      break;
    }
    case 'email':
      said.add('email');
      target = t('auditLog.target.email', { name: str('email') ?? entry.targetId });
      break;
    case 'material': {
      const title = by('title');
      target = title ? t('auditLog.target.material', { name: title }) : t('auditLog.target.other', { type: entry.targetType, name: entry.targetId });
      break;
    }
    case 'api_key': {
      const name = by('name') ?? by('key');
      target = t('auditLog.target.apiKey', { name: name ?? entry.targetId });
      break;
    }
    case 'webhook': {
      const url = by('url');
      target = t('auditLog.target.webhook', { name: url ?? entry.targetId });
      break;
    }
    case 'lti_platform':
      target = t('auditLog.target.ltiPlatform', { name: by('name') ?? entry.targetId });
      break;
    case 'lti_context':
      target = t('auditLog.target.ltiCourse', { name: by('course') ?? entry.targetId });
      break;
    case 'single_sign_on':
      target = t('auditLog.target.singleSignOn');
      break;
    case 'job':
      target = entry.targetId === 'failed-and-dead' ? t('auditLog.target.failedJobs') : t('auditLog.target.job', { name: entry.targetId });
      break;
    default:
      target = t('auditLog.target.other', { type: entry.targetType, name: entry.targetId });
  }

  const facts: AuditFact[] = [];
  const add = (label: string, value: string) => facts.push({ label, value });
  // A note read: the note by its title (its student is the target).
  if (entry.action === 'user.note_viewed' && str('title') && !said.has('title')) {
    said.add('title');
    add(t('auditLog.field.note'), str('title')!);
  }
  // An API key's request: "POST /api/…" and the status it was answered with.
  if (entry.action === 'api_key.used') {
    const request = [str('method'), str('path') ?? str('route')].filter(Boolean).join(' ');
    if (request) add(t('auditLog.field.request'), request);
    if (!isBlank(details.status)) add(t('auditLog.field.answer'), text(details.status));
    said.add('status');
  }
  // A role change: from one role to the other.
  if (entry.action === 'user.role_changed' && !isBlank(details.from) && !isBlank(details.to)) {
    add(t('users.role'), `${valueOf('role', details.from)} → ${valueOf('role', details.to)}`);
    said.add('from').add('to');
  }

  for (const [key, value] of Object.entries(details)) {
    if (said.has(key) || (isBlank(value) && DETAILS[key]?.kind !== 'seats')) continue;
    if (key === 'changes' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, change] of Object.entries(value as Record<string, unknown>)) {
        const shown = SESSION_FIELDS[name];
        const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
        add(shown ? shown.label(t) : name, `${valueOf(shown?.kind ?? 'text', from)} → ${valueOf(shown?.kind ?? 'text', to)}`);
      }
      continue;
    }
    const shown = DETAILS[key];
    if (shown === null) continue;
    add(shown ? shown.label(t) : key, valueOf(shown?.kind ?? 'text', value));
  }
  return { target, facts };
}

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
  'session.series_approved': t('auditLog.seriesApproved'),
  'session.rejected': t('auditLog.sessionRejected'),
  'session.deleted': t('auditLog.sessionDeleted'),
  'session.cancelled': t('auditLog.sessionCancelled'),
  'session.rescheduled': t('auditLog.sessionRescheduled'),
  'session.updated': t('auditLog.sessionUpdated'),
  'session.viewed': t('auditLog.sessionViewed'),
  'session.roster_viewed': t('auditLog.rosterViewed'),
  'session.roster_downloaded': t('auditLog.rosterDownloaded'),
  'session.attendance_marked': t('auditLog.attendanceMarked'),
  'material.removed': t('auditLog.materialRemoved'),
  'job.retried': t('auditLog.jobRetried'),
  'job.failed_listed': t('auditLog.failedJobsListed'),
  'api_key.created': t('auditLog.apiKeyCreated'),
  'api_key.revoked': t('auditLog.apiKeyRevoked'),
  'api_key.used': t('auditLog.apiKeyUsed'),
  'webhook.created': t('auditLog.webhookCreated'),
  'webhook.deleted': t('auditLog.webhookDeleted'),
  'lti_platform.created': t('auditLog.ltiPlatformCreated'),
  'lti_platform.deleted': t('auditLog.ltiPlatformDeleted'),
  'auth.lti_sign_in': t('auditLog.ltiSignIn'),
  'lti_course.roster_imported': t('auditLog.ltiRosterImported'),
  'auth.sso_sign_in': t('auditLog.ssoSignIn'),
  'sso.settings_changed': t('auditLog.ssoSettingsChanged'),
  'sso.settings_removed': t('auditLog.ssoSettingsRemoved'),
}) satisfies Record<AuditAction, string>;

/**
 * Everything an entry's row on the page says, as one text: its action's words, who and from where,
 * what it is about and each detail named. What the log's search matches, in the caller's language.
 */
export function auditEntrySearchText(entry: AuditEntry, words: AuditWords): string {
  const { t } = words.translator;
  const { target, facts } = auditEntryText(entry, words);
  return [
    actionLabels(words.translator)[entry.action] ?? entry.action,
    t('auditLog.by', { actor: entry.actor }),
    entry.ip ? t('auditLog.from', { ip: entry.ip }) : '',
    target,
    ...facts.map((fact) => `${t('auditLog.fact', { label: fact.label })} ${fact.value}`),
  ].join('\n');
}
