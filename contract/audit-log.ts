// The audit log as admins read it: GET /api/audit-log. Read-only: no call
// changes or removes an entry.
import { z } from 'zod';
import { dateTime, pageOf, pageQuery } from './common.ts';

/** The actions written today, for the filter's choices; `action` also takes a family (`session`). */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.blocked',
  'user.unblocked',
  'user.deleted',
  'user.data_exported',
  'user.password_changed',
  'user.password_reset',
  'user.password_reset_requested',
  'user.viewed',
  'user.notes_viewed',
  'user.note_viewed',
  'user.bookings_viewed',
  'user.sessions_viewed',
  'auth.sign_in_failures',
  'auth.sso_sign_in',
  'session.approved',
  'session.series_approved',
  'session.rejected',
  'session.deleted',
  'session.cancelled',
  'session.rescheduled',
  'session.updated',
  'session.viewed',
  'session.roster_viewed',
  'session.roster_downloaded',
  'session.attendance_marked',
  'material.removed',
  'job.retried',
  'job.failed_listed',
  'api_key.created',
  'api_key.revoked',
  'api_key.used',
  'webhook.created',
  'webhook.deleted',
  'lti_platform.created',
  'lti_platform.deleted',
  'auth.lti_sign_in',
  'lti_course.roster_imported',
  'sso.settings_changed',
  'sso.settings_removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  at: dateTime,
  /** The actor as it was then: an email, "visitor" (not signed in), "operator (npm run admin)" or "system (scheduled job)". */
  actor: z.string(),
  /** The actor's account id; null for visitors, the operator's CLI and the system. */
  actorId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What changed, as recorded. */
  details: z.record(z.string(), z.unknown()),
  /** The client address of the request; null from the CLI. */
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPage = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPage>;

/** An action filter's longest form: two names of 40 characters and the dot between them. */
export const AUDIT_ACTION_MAX = 81;

export const auditListQuery = pageQuery.extend({
  /** Empty = every action. */
  action: z
    .string()
    .max(AUDIT_ACTION_MAX, 'errors.input.auditAction')
    .trim()
    .regex(/^([a-z_]{1,40}(\.[a-z_]{1,40})?)?$/, 'errors.input.auditAction')
    .optional(),
  /** Words an entry reads in on the admin's page, in the caller's language (its action, what it is about, a detail's name or value), or part of the actor, the target id or the stored details; any case. */
  q: z.string().trim().max(100).optional(),
  targetId: z.string().max(64).optional(),
});
export type AuditListQuery = z.input<typeof auditListQuery>;
