// The rules of study sessions: who may create, read, edit, approve, reject,
// resubmit and delete; the date rules; the lists. Every permission of the feature is decided
// here, in the guards at the top. Routes call these; SQL is in the repository.
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type {
  AdminSessionPage,
  adminSessionListQuery,
  approveSessionBody,
  cancelSessionBody,
  createSessionBody,
  PublicSessionPage,
  rejectSessionBody,
  Session,
  SessionDetails,
  SessionSchedule,
  sessionListQuery,
  TutorPage,
  TutorProfile,
  TutorSessionPage,
  updateSessionBody,
  updateTutorBioBody,
} from '#contract/sessions.ts';
import { classStartProblem, DEFAULT_DECISION_HOURS, minimumProblems, placeProblems, placeToBeAnnounced, scheduleProblems, type SessionPlace } from '#contract/sessions.ts';
import type { Language } from '#i18n/languages.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { actorOf, recordAudit, type AuditActor } from '#server/audit/audit-log.ts';
import { recordAdminAccess } from '#server/audit/admin-audit.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { Database, StudySessionRow, StudySessionTable } from '#server/db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound, type ErrorWords } from '#server/errors.ts';
import { invalidRequest, ruleProblem } from '#server/http/error-handler.ts';
import { newId } from '#server/ids.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { materialFileStore } from '#server/features/materials/public.ts';
import { sessionEvent, webhookJobs } from '#server/features/webhooks/public.ts';
import type { WebhookEvent } from '#contract/webhooks.ts';
import { userRepository } from '#server/features/users/public.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import { canSeePrivateDetails, decisionAtOf, toAdminSessionListItem, toPublicSessionDto, toSessionDetailsDto, toSessionDto, toTutorSessionListItem } from './session-dto.ts';
import { durationMinutesBetween } from './session-duration.ts';
import { sessionApprovedEmailJob, sessionCancelledEmailJobs, sessionDeletedEmailJobs, sessionMovedEmailJobs, sessionRejectedEmailJob } from './session-notices.ts';
import { orPaidMeanwhile, sessionRepository, type NewSession } from './session-repository.ts';
import type { PublicListCache } from './public-list-cache.ts';
import type { SessionRefunds } from './session-refunds.ts';

type PublicListQuery = z.output<typeof sessionListQuery>;
type CreateInput = z.output<typeof createSessionBody>;
type UpdateInput = z.output<typeof updateSessionBody>;
type ApproveInput = z.output<typeof approveSessionBody>;
type RejectInput = z.output<typeof rejectSessionBody>;
type CancelInput = z.output<typeof cancelSessionBody>;
type AdminListQuery = z.output<typeof adminSessionListQuery>;
type Page = { limit: number; cursor?: string | undefined };

const NO_SESSION = 'errors.sessions.noSession';
const SCHEDULE_LOCKED = 'errors.sessions.scheduleLocked';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const toIso = (value: string) => new Date(value).toISOString();

/** Bookkeeping an edit sets by itself, left out of what the audit log says it changed. */
const BOOKKEEPING = new Set(['updatedAt', 'classTimeSetAt', 'calendarSequence', 'durationMinutes', 'rescheduledAt']);
/** What an edit changes, each field from what it was to what it becomes. */
export function changesOf(row: StudySessionRow, patch: Updateable<StudySessionTable>): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(patch)) {
    const from = row[field as keyof StudySessionRow];
    if (!BOOKKEEPING.has(field) && from !== to) changes[field] = { from, to };
  }
  return changes;
}

// ——— Guards: the feature's permissions, in one place ———

/** A path email (`/api/…/{email}`) must be the calling tutor's own; admins may use any. */
function assertTutorPath(me: CurrentUser, email: string): void {
  if (me.role === 'admin') return;
  if (me.role !== 'tutor') throw forbidden('errors.sessions.manageRoles');
  if (!sameEmail(email, me.email)) throw forbidden('errors.sessions.manageOwn');
}

/** The session at /{email}/{id}, if the caller manages it (its tutor, or an admin). */
function assertManages(me: CurrentUser, email: string, row: StudySessionRow | undefined): StudySessionRow {
  if (!row || !sameEmail(row.tutorEmail, email)) throw notFound(NO_SESSION);
  if (me.role !== 'admin' && row.tutorId !== me.id) throw notFound(NO_SESSION);
  return row;
}

function assertAdmin(me: CurrentUser, refusal: 'errors.sessions.adminsApprove' | 'errors.sessions.adminsReject' | 'errors.sessions.adminsListAll'): void {
  if (me.role !== 'admin') throw forbidden(refusal);
}

// ——— Where the class happens: one kind's fields, the other's dropped ———

type PlaceInput = Partial<Record<keyof SessionPlace, string | undefined>>;

/** The place a request results in, on top of the stored one; 400 naming the field when incomplete. */
export function placeOf(body: PlaceInput, stored: SessionPlace): SessionPlace {
  const kind = (body.locationKind as SessionPlace['locationKind'] | undefined) ?? stored.locationKind;
  const pick = (field: 'placeName' | 'placeAddress' | 'meetingUrl') => (body[field] !== undefined ? body[field] || null : stored[field]);
  const place: SessionPlace =
    kind === 'in_person'
      ? { locationKind: kind, placeName: pick('placeName'), placeAddress: pick('placeAddress'), meetingUrl: null }
      : kind === 'online'
        ? { locationKind: kind, placeName: null, placeAddress: null, meetingUrl: pick('meetingUrl') }
        : { locationKind: kind === 'tba' ? kind : null, placeName: null, placeAddress: null, meetingUrl: null };
  refuseProblems(placeProblems(place));
  return place;
}

/**
 * A class students can book has a place or a link: once approved, it never goes back to "to be
 * announced" (400 naming the field); one whose tutor never said (null) keeps what it has.
 */
export function assertPlaceKept(row: Pick<StudySessionRow, 'status' | 'locationKind'>, place: SessionPlace): void {
  if (row.status === 'approved' && placeToBeAnnounced(place) && !placeToBeAnnounced(row)) refuseProblems({ locationKind: 'errors.sessionRules.placeStaysAnnounced' });
}

const PLACE_TO_BE_ANNOUNCED = 'errors.sessions.placeToBeAnnounced';
/** An admin approves only a class whose place is said: 409 naming the field while it is "to be announced". */
export function assertPlaceSaid(row: Pick<StudySessionRow, 'locationKind'>): void {
  if (placeToBeAnnounced(row)) throw new AppError(409, PLACE_TO_BE_ANNOUNCED, { locationKind: PLACE_TO_BE_ANNOUNCED });
}

const NO_PLACE: SessionPlace = { locationKind: null, placeName: null, placeAddress: null, meetingUrl: null };
export const samePlace = (a: SessionPlace, b: SessionPlace) => a.locationKind === b.locationKind && a.placeName === b.placeName && a.placeAddress === b.placeAddress && a.meetingUrl === b.meetingUrl;

// ——— Date rules (contract/sessions.ts): 400 naming the field ———

type Schedule = SessionSchedule;

/**
 * The contract's rules on a whole schedule (an edit's dates merged with the stored ones, too),
 * said of the day or the time in `zone`, the one the dates were typed in; and a class that starts
 * at a new moment starts in the future (`now`), so that no one publishes a class already begun.
 */
function assertScheduleValid(s: Schedule, zone: string, newStartAfter: number | null): void {
  refuseProblems({ ...(newStartAfter === null ? {} : classStartProblem(s.classStartDate, newStartAfter, zone)), ...scheduleProblems(s, zone) });
}

/** 400 with the contract's rule problems (contract/sessions.ts: catalogue keys), the first as the message. */
export function refuseProblems(problems: Partial<Record<string, string>>): void {
  const found = Object.entries(problems).flatMap(([field, key]) => (key ? [{ field, problem: ruleProblem(key) }] : []));
  if (found.length > 0) throw invalidRequest(found);
}

/** Who calls a class off, why, and whether it is the system's decision on a class short of its minimum. */
export interface CallOff {
  actor: AuditActor;
  reason: string;
  shortOfMinimum?: boolean;
}

/**
 * The one way a class is called off (docs/decisions/024-class-lifecycle.md), whoever decides: a
 * person through POST /api/sessions/{id}/cancel, or the minimum-to-run job (minimum-to-run.ts).
 * Every paid booking is refunded first (a failed refund stops here, nothing changed; again is
 * safe: each refund carries its checkout's idempotency key); then in one unit of work the session
 * becomes "Cancelled" (seat holds and the waitlist go), every booked, holding and waiting student
 * is emailed (booked ones with the .ics that cancels their event), the webhooks, the audit entry
 * and the public lists. Undefined when the class was no longer approved, had started (or, for the
 * system, its minimum was already decided); 'paid-meanwhile' when a student paid meanwhile.
 */
export function callOffClass(deps: SessionsDeps) {
  const repo = sessionRepository(deps.db.kysely);
  /** `listed`: the paid bookings the caller already read (a tutor's cancel checked there were none): only these are refunded. */
  return async (row: StudySessionRow, by: CallOff, listed?: Awaited<ReturnType<typeof repo.paidBookings>>): Promise<StudySessionRow | undefined | 'paid-meanwhile'> => {
    const id = row.id;
    const paid = listed ?? (await repo.paidBookings(id));
    for (const booking of paid) await deps.payments.refundBooking(booking);
    return orPaidMeanwhile(
      deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        const now = deps.now();
        const done = await sessionRepository(trx).cancel(id, { reason: by.reason, now: now.toISOString(), refunded: paid.map((b) => b.id), shortOfMinimum: by.shortOfMinimum ?? false });
        if (!done) return undefined;
        const { row: updated, people } = done;
        work.enqueue(sessionCancelledEmailJobs(updated, people).map(deps.jobs.row));
        const events = [sessionEvent('session.cancelled', updated, { reason: by.reason }), ...paid.map((b) => sessionEvent('payment.refunded', updated, { bookingId: b.id, amountCents: b.amountCents }))];
        for (const event of events) work.enqueue(await webhookJobs(trx, deps, event));
        const minimum = by.shortOfMinimum ? { minimumStudents: updated.minimumStudents, decisionHoursBefore: updated.decisionHoursBefore } : {};
        const details = { title: updated.title, tutorEmail: updated.tutorEmail, reason: by.reason, ...minimum, bookedCount: people.booked.length, waitlisted: people.waiting.length, refundedBookings: paid.length };
        await recordAudit(trx, by.actor, { action: 'session.cancelled', targetType: 'session', targetId: id, details }, now);
        work.changed('publicLists');
        return updated;
      }),
    );
  };
}

/** What the sessions feature is built from: the core, and the ports it owns (filled in by server/app-deps.ts). */
export type SessionsDeps = CoreDeps & {
  /** Refunds go through payments, a feature above this one, by the port sessions own. */
  payments: SessionRefunds;
  publicLists: PublicListCache;
};

/**
 * A minimum to run's rules (contract/sessions.ts minimumProblems) on the values a create or edit
 * results in: 400 naming the field. The decision time is checked against `now` only when given
 * (a new class, a new minimum or decision time, a class not yet published moved).
 */
function assertMinimumValid(m: { minimumStudents: number | null; decisionHoursBefore: number | null; maxParticipants: number | null; classStartDate: string }, now: number | null): void {
  refuseProblems(minimumProblems(m, now));
}

/**
 * A new pending class of `me` at `schedule` (Create Session's, or one class of a new series), with
 * the body's other fields, checked by the rules every new class follows: 400 naming the field.
 * status, fee, duration, tutorName and tutorEmail never come from the body.
 */
export function newSessionRow(deps: Pick<SessionsDeps, 'now'>, me: CurrentUser, body: Omit<CreateInput, 'seriesId'>, schedule: Schedule, seriesId: string | null): NewSession {
  assertScheduleValid(schedule, timeZoneOrNull(body.timeZone) ?? 'UTC', deps.now().getTime());
  const minimumStudents = body.minimumStudents ?? null;
  const decisionHoursBefore = minimumStudents === null ? null : (body.decisionHoursBefore ?? DEFAULT_DECISION_HOURS);
  assertMinimumValid({ minimumStudents, decisionHoursBefore, maxParticipants: body.maxParticipants ?? null, classStartDate: schedule.classStartDate }, deps.now().getTime());
  const place = placeOf(body, NO_PLACE);
  const now = deps.now().toISOString();
  return {
    id: newId(deps.now().getTime()),
    title: body.title,
    description: body.description,
    tutorId: me.id,
    tutorName: me.name,
    tutorEmail: me.email,
    ...schedule,
    durationMinutes: durationMinutesBetween(schedule.classStartDate, schedule.classEndDate),
    registrationFeeCents: 0,
    maxParticipants: body.maxParticipants ?? null,
    cancellationCutoffHours: body.cancellationCutoffHours ?? 24,
    minimumStudents,
    decisionHoursBefore,
    maxSeatsPerBooking: body.maxSeatsPerBooking ?? 1,
    tutorTimeZone: timeZoneOrNull(body.timeZone),
    ...place,
    seriesId,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * What approving the pending class `pending` at `body`'s fee and capacity writes, once the rules
 * hold: its place is said (409), a capacity set here holds its minimum (400 naming the field), and
 * its minimum's decision time is still to come (409: publishing it would call it off at once).
 * Shared by approving one class and approving a series.
 */
export function approvalPatch(deps: Pick<SessionsDeps, 'now'>, pending: StudySessionRow, body: ApproveInput): Updateable<StudySessionTable> {
  assertPlaceSaid(pending);
  if (pending.minimumStudents !== null) {
    const capacity = body.maxParticipants !== undefined ? body.maxParticipants : pending.maxParticipants;
    if (capacity !== null && pending.minimumStudents > capacity) refuseProblems({ maxParticipants: 'errors.sessionRules.capacityBelowMinimum' });
    if ((decisionAtOf(pending)?.getTime() ?? Infinity) <= deps.now().getTime()) throw conflict('errors.sessions.decisionPassedApprove');
  }
  const patch: Updateable<StudySessionTable> = {
    status: 'approved',
    registrationFeeCents: Math.round(body.registrationFee * 100),
    rejectionReason: null,
    rejectionFeedback: null,
    updatedAt: deps.now().toISOString(),
  };
  if (body.maxParticipants !== undefined) patch.maxParticipants = body.maxParticipants;
  return patch;
}

export function sessionService(deps: SessionsDeps) {
  const repo = sessionRepository(deps.db.kysely);
  const payments = deps.payments;
  const callOff = callOffClass(deps);
  const users = userRepository(deps.db.kysely);
  const files = materialFileStore(deps.files);

  /** A session as its tutor or an admin reads it, in the caller's `language`. */
  const dto = (row: StudySessionRow, viewer: CurrentUser | null, language: Language): Session => toSessionDto(row, viewer, deps.now(), language);

  /**
   * The guarded update, the tutor's email and the audit entry in one unit of work: all happen or
   * none. `listed`: the change shows in the public lists.
   */
  function updateAndMail(id: string, patch: Updateable<StudySessionTable>, where: { status: readonly StudySessionRow['status'][] }, email: (row: StudySessionRow) => NewJob, audit: (trx: Kysely<Database>, row: StudySessionRow) => Promise<void>, listed: boolean, event?: WebhookEvent) {
    return deps.db.unitOfWork(async (work) => {
      const trx = await work.db();
      const updated = await sessionRepository(trx).updateGuarded(id, patch, where);
      if (updated) {
        work.enqueue(deps.jobs.row(email(updated)));
        if (event) work.enqueue(await webhookJobs(trx, deps, sessionEvent(event, updated)));
        await audit(trx, updated);
        if (listed) work.changed('publicLists');
      }
      return updated;
    });
  }

  /** An admin's decision on a session, for the audit log. */
  const auditSession = (me: CurrentUser, ip: string | null, action: string, details: Record<string, unknown>) => (trx: Kysely<Database>, row: StudySessionRow) =>
    recordAudit(trx, actorOf(me, ip), { action, targetType: 'session', targetId: row.id, details: { title: row.title, tutorEmail: row.tutorEmail, ...details } }, deps.now());

  /** Explains why a guarded update changed nothing: gone, capacity below seats, or status moved on. */
  async function refusal(id: string, patch: Updateable<StudySessionTable>, statusMessage: ErrorWords): Promise<never> {
    const row = await repo.findById(id);
    if (!row) throw notFound(NO_SESSION);
    if (typeof patch.maxParticipants === 'number' && patch.maxParticipants < row.bookedCount) {
      throw conflict({ key: 'errors.sessions.belowSeats', values: { count: row.bookedCount } });
    }
    throw conflict(statusMessage);
  }

  /**
   * An admin's decision (approve, reject) needs an admin and a session still pending; the
   * refusal a later conflict repeats (the session changed meanwhile).
   */
  async function pendingDecision(me: CurrentUser, id: string, onlyAdmins: 'errors.sessions.adminsApprove' | 'errors.sessions.adminsReject', notPending: 'errors.sessions.notPendingApprove' | 'errors.sessions.notPendingReject') {
    assertAdmin(me, onlyAdmins);
    const row = await repo.findById(id);
    if (!row) throw notFound(NO_SESSION);
    const message = { key: notPending, values: { status: row.status } } as const;
    if (row.status !== 'pending') throw conflict(message);
    return { message, row };
  }

  return {
    /**
     * The public list of approved sessions (Home and All Sessions). The one read behind both,
     * independent of the caller so that it can be cached.
     */
    async listPublic(query: Partial<Pick<PublicListQuery, 'q' | 'open' | 'when' | 'sort'>> & Page, language: Language): Promise<PublicSessionPage> {
      const when = query.when ?? 'upcoming';
      const sort = query.sort ?? 'class';
      // A cursor names its list's order: one made for another order is not a place in this one.
      const order = `${when}.${sort}`;
      const cursor = decodeCursor(query.cursor, ['string', 'string', 'string'] as const);
      if (cursor && cursor[0] !== order) throw badRequest('errors.badCursor', { cursor: 'errors.validation.notValid' });
      const now = deps.now();
      const rows = await repo.listApproved({
        q: query.q || undefined,
        openAt: query.open ? now.toISOString() : undefined,
        when,
        sort,
        now: now.toISOString(),
        after: cursor ? [cursor[1], cursor[2]] : null,
        limit: query.limit,
      });
      const page = pageFrom(rows, query.limit, (row) => [order, sort === 'class' ? row.classStartDate : row.createdAt, row.id]);
      return { items: page.items.map((row) => toPublicSessionDto(row, null, now, language)), nextCursor: page.nextCursor };
    },

    async listTutors(query: Page): Promise<TutorPage> {
      const after = decodeCursor(query.cursor, ['string', 'string'] as const);
      const rows = await repo.listTutorsWithApprovedSessions(after ?? null, query.limit);
      return pageFrom(rows, query.limit, (row) => [row.name, row.id]);
    },

    /** A tutor's public page: 404 for anyone who is not a tutor who can sign in. */
    async tutorProfile(id: string, language: Language): Promise<TutorProfile> {
      const tutor = await repo.tutorById(id);
      if (!tutor) throw notFound('errors.sessions.noTutor');
      const now = deps.now();
      const [upcoming, past, ratings] = await Promise.all([
        repo.tutorApproved(id, now.toISOString(), 'upcoming', 20),
        repo.tutorApproved(id, now.toISOString(), 'past', 20),
        repo.tutorRatings(id),
      ]);
      return {
        id: tutor.id,
        name: tutor.name,
        image: tutor.image,
        bio: tutor.bio,
        averageRating: ratings.count > 0 ? Math.round((ratings.sum / ratings.count) * 10) / 10 : null,
        reviewCount: ratings.count,
        upcoming: upcoming.map((row) => toPublicSessionDto(row, null, now, language)),
        past: past.map((row) => toPublicSessionDto(row, null, now, language)),
      };
    },

    async bio(me: CurrentUser): Promise<{ bio: string }> {
      if (me.role !== 'tutor') throw forbidden('errors.sessions.bioTutorsOnly');
      return { bio: (await repo.bioOf(me.id)) ?? '' };
    },

    async saveBio(me: CurrentUser, body: z.output<typeof updateTutorBioBody>): Promise<{ bio: string }> {
      if (me.role !== 'tutor') throw forbidden('errors.sessions.bioTutorsOnly');
      await repo.saveBio(me.id, body.bio, deps.now().toISOString());
      return { bio: body.bio };
    },

    /** Approved sessions to anyone signed in; pending and rejected ones only to their tutor and admins (else 404). */
    /** Anyone may read an approved session (signed out too: a shared link); others only their tutor and admins. */
    async getVisible(viewer: CurrentUser | null, id: string, language: Language): Promise<SessionDetails> {
      const row = await repo.detailsById(id, viewer?.role === 'student' ? viewer.id : '');
      // A cancelled session stays readable where it was shared: it shows "Cancelled".
      if (!row || (row.status !== 'approved' && row.status !== 'cancelled' && !canSeePrivateDetails(row, viewer))) throw notFound(NO_SESSION);
      // An online class's link reaches a student only once booked.
      const details = toSessionDetailsDto(row, viewer, deps.now(), language, row.waitingCount, row.viewerBooked);
      // A tutor an admin blocked or made a student: the page stays (for those who booked) but no longer takes bookings (decision 039).
      if (details.isOpen && !row.tutorTeaches) return { ...details, isOpen: false };
      return details;
    },

    async create(me: CurrentUser, email: string, body: CreateInput, language: Language): Promise<Session> {
      if (me.role !== 'tutor') throw forbidden('errors.sessions.createTutorsOnly');
      if (!sameEmail(email, me.email)) throw forbidden('errors.sessions.createOwn');
      // A class added to one of the tutor's series (docs/decisions/064-series.md): any other series is none to them.
      if (body.seriesId !== undefined && (await repo.seriesClasses(body.seriesId))[0]?.tutorId !== me.id) throw notFound('errors.sessions.noSeries');
      const schedule: Schedule = {
        registrationStartDate: toIso(body.registrationStartDate),
        registrationEndDate: toIso(body.registrationEndDate),
        classStartDate: toIso(body.classStartDate),
        classEndDate: toIso(body.classEndDate),
      };
      const row = await repo.insert(newSessionRow(deps, me, body, schedule, body.seriesId ?? null));
      return dto(row, me, language);
    },

    /** A tutor's own sessions, every status, newest first (admins may read any tutor's); each as their lists show it. */
    async listForTutor(me: CurrentUser, email: string, query: Page, ip: string | null = null): Promise<TutorSessionPage> {
      assertTutorPath(me, email);
      let tutor: { id: string; email: string } = me;
      if (me.role === 'admin') {
        const found = await users.findByEmail(email.trim());
        if (!found) throw notFound('errors.users.noUserEmail');
        tutor = found;
      }
      const after = decodeCursor(query.cursor, ['string', 'string'] as const);
      const rows = await repo.listByTutor(tutor.id, after ?? null, query.limit);
      const found = pageFrom(rows, query.limit, (row) => [row.createdAt, row.id]);
      const page = { items: found.items.map((row) => toTutorSessionListItem(row, me)), nextCursor: found.nextCursor };
      // An admin reading a tutor's unpublished sessions is recorded before the answer (decision 040).
      await recordAdminAccess(deps.db.kysely, { me, ip }, tutor, { action: 'user.sessions_viewed', targetType: 'user', targetId: tutor.id, details: { email: tutor.email, sessions: page.items.length } }, deps.now());
      return page;
    },

    async getForTutor(me: CurrentUser, email: string, id: string, language: Language, ip: string | null = null): Promise<Session> {
      assertTutorPath(me, email);
      const row = assertManages(me, email, await repo.findById(id));
      await recordAdminAccess(deps.db.kysely, { me, ip }, { id: row.tutorId }, { action: 'session.viewed', targetType: 'session', targetId: row.id, details: { title: row.title, tutorEmail: row.tutorEmail } }, deps.now());
      return dto(row, me, language);
    },

    /** Title and description any time; dates, capacity and cutoff while pending or rejected (admins: always). */
    async update(me: CurrentUser, email: string, id: string, body: UpdateInput, language: Language, ip: string | null = null): Promise<Session> {
      assertTutorPath(me, email);
      const row = assertManages(me, email, await repo.findById(id));
      const patch: Updateable<StudySessionTable> = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.description !== undefined) patch.description = body.description;
      // Seats per booking may change at any time: it bears on bookings to come, not on those made.
      if (body.maxSeatsPerBooking !== undefined && body.maxSeatsPerBooking !== row.maxSeatsPerBooking) patch.maxSeatsPerBooking = body.maxSeatsPerBooking;

      const schedule: Schedule = {
        registrationStartDate: body.registrationStartDate ? toIso(body.registrationStartDate) : row.registrationStartDate,
        registrationEndDate: body.registrationEndDate ? toIso(body.registrationEndDate) : row.registrationEndDate,
        classStartDate: body.classStartDate ? toIso(body.classStartDate) : row.classStartDate,
        classEndDate: body.classEndDate ? toIso(body.classEndDate) : row.classEndDate,
      };
      const datesChanged = (Object.keys(schedule) as Array<keyof Schedule>).some((k) => schedule[k] !== row[k]);
      const capacityChanged = body.maxParticipants !== undefined && body.maxParticipants !== row.maxParticipants;
      const cutoffChanged = body.cancellationCutoffHours !== undefined && body.cancellationCutoffHours !== row.cancellationCutoffHours;
      // The minimum and its decision time: null clears both; hours alone change the decision time.
      const minimumStudents = body.minimumStudents !== undefined ? body.minimumStudents : row.minimumStudents;
      const decisionHoursBefore = minimumStudents === null ? null : (body.decisionHoursBefore ?? row.decisionHoursBefore ?? DEFAULT_DECISION_HOURS);
      const minimumChanged = minimumStudents !== row.minimumStudents || decisionHoursBefore !== row.decisionHoursBefore;
      // Once decided (confirmed or called off) a minimum stays what it was decided on.
      if (minimumChanged && row.minimumOutcome !== null) throw conflict('errors.sessions.minimumDecided');
      const scheduleChanged = datesChanged || capacityChanged || cutoffChanged || minimumChanged;
      const lockedStatus = me.role !== 'admin' && scheduleChanged;
      if (lockedStatus && row.status === 'approved') throw conflict(SCHEDULE_LOCKED);
      if (scheduleChanged && row.status === 'cancelled') throw conflict('errors.sessions.cancelledNoReschedule');
      // The place may change at any time (a room swap, a new link): booked and waiting students are told.
      const place = placeOf(body, row);
      const placeChanged = !samePlace(place, row);
      if (placeChanged && row.status === 'cancelled') throw conflict('errors.sessions.cancelledNoMove');
      if (placeChanged) assertPlaceKept(row, place);
      if (placeChanged) Object.assign(patch, place);

      if (datesChanged) {
        const typedIn = timeZoneOrNull(body.timeZone) ?? row.tutorTimeZone ?? 'UTC';
        assertScheduleValid(schedule, typedIn, schedule.classStartDate !== row.classStartDate ? deps.now().getTime() : null);
        Object.assign(patch, schedule, { durationMinutes: durationMinutesBetween(schedule.classStartDate, schedule.classEndDate) });
        // The dates are now in the zone of whoever typed them.
        const zone = timeZoneOrNull(body.timeZone);
        if (zone) patch.tutorTimeZone = zone;
      }
      if (capacityChanged) patch.maxParticipants = body.maxParticipants ?? null;
      if (cutoffChanged) patch.cancellationCutoffHours = body.cancellationCutoffHours!;
      if (minimumChanged) Object.assign(patch, { minimumStudents, decisionHoursBefore });
      if (minimumStudents !== null && (minimumChanged || capacityChanged || datesChanged)) {
        // Its decision time (class start minus the hours) must still be to come when the minimum
        // or its hours change, or a class not yet published moves. A published class moved (an
        // admin's edit, a reschedule) takes its decision time with it: one already past is made
        // at once (docs/decisions/060-minimum-to-run.md).
        const recheck = row.minimumOutcome === null && (minimumChanged || (row.status !== 'approved' && schedule.classStartDate !== row.classStartDate));
        const capacity = capacityChanged ? (body.maxParticipants ?? null) : row.maxParticipants;
        assertMinimumValid({ minimumStudents, decisionHoursBefore, maxParticipants: capacity, classStartDate: schedule.classStartDate }, recheck ? deps.now().getTime() : null);
      }
      if (Object.keys(patch).length === 0) return dto(row, me, language);
      patch.updatedAt = deps.now().toISOString();
      // Reminders of moments already past at this change are skipped (bookings' class-reminders.ts).
      if (row.classStartDate !== schedule.classStartDate) patch.classTimeSetAt = patch.updatedAt;

      // A class that moved once students could book it: their calendars follow (a new SEQUENCE
      // under the same UID) and each booked or waiting student is told, with the change.
      const moved = (datesChanged || placeChanged) && row.status === 'approved';
      if (moved) patch.calendarSequence = row.calendarSequence + 1;
      const updated = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        const done = await sessionRepository(trx).updateGuarded(id, patch, lockedStatus ? { status: ['pending', 'rejected'] } : {});
        // An admin's edit commits with its entry, which says what it changed (a meeting link the
        // students are emailed, say): decision 040.
        if (done) await recordAdminAccess(trx, { me, ip }, { id: row.tutorId }, { action: 'session.updated', targetType: 'session', targetId: row.id, details: { title: row.title, tutorEmail: row.tutorEmail, changes: changesOf(row, patch) } }, deps.now());
        if (done && moved) {
          const people = await sessionRepository(trx).peopleOf(id);
          work.enqueue(sessionMovedEmailJobs(row, done, people).map(deps.jobs.row));
        }
        if (done) work.changed('publicLists');
        return done;
      });
      if (!updated) return refusal(id, patch, SCHEDULE_LOCKED);
      return dto(updated, me, language);
    },

    /** Tutors delete their own sessions without bookings (409 otherwise); admins delete any, with everything attached. */
    async remove(me: CurrentUser, email: string, id: string, ip: string | null = null): Promise<void> {
      assertTutorPath(me, email);
      const row = assertManages(me, email, await repo.findById(id));
      if (me.role === 'admin') {
        // Students get their money back before their bookings go. A failed refund stops the delete
        // (nothing removed); retrying is safe, each refund carries its checkout's idempotency key.
        const paid = await repo.paidBookings(id);
        for (const booking of paid) await payments.refundBooking(booking);
        const deleted = await orPaidMeanwhile(
          deps.db.unitOfWork(async (work) => {
            const trx = await work.db();
            const done = await sessionRepository(trx).deleteWithEverything(id, paid.map((b) => b.id));
            if (!done) return null;
            // Booked and waiting students are told; booked ones' calendars drop the class.
            work.enqueue(sessionDeletedEmailJobs(deps, row, done.people).map(deps.jobs.row));
            await auditSession(me, ip, 'session.deleted', { status: row.status, bookedCount: Number(row.bookedCount), refundedBookings: paid.length })(trx, row);
            work.changed('publicLists');
            return done;
          }),
        );
        if (deleted === 'paid-meanwhile') throw conflict('errors.sessions.paidMeanwhileDelete');
        if (!deleted) throw notFound(NO_SESSION);
        // After the commit: a file left behind is only wasted space, never served (no row points at it).
        await Promise.all(deleted.fileKeys.map((key) => files.remove(key)));
        return;
      }
      const unbookedGone = await deps.db.unitOfWork(async (work) => {
        const gone = await sessionRepository(await work.db()).deleteIfUnbooked(id);
        if (gone) work.changed('publicLists');
        return gone;
      });
      if (unbookedGone) return;
      if (!(await repo.findById(id))) throw notFound(NO_SESSION);
      throw conflict('errors.sessions.hasBookings');
    },

    async approve(me: CurrentUser, id: string, body: ApproveInput, language: Language, ip: string | null = null): Promise<Session> {
      const { message, row: pending } = await pendingDecision(me, id, 'errors.sessions.adminsApprove', 'errors.sessions.notPendingApprove');
      const patch = approvalPatch(deps, pending, body);
      const audit = auditSession(me, ip, 'session.approved', { registrationFeeCents: patch.registrationFeeCents, maxParticipants: body.maxParticipants ?? null });
      // The place is read again in the approval's own transaction: a tutor who set it back to "to
      // be announced" meanwhile rolls the approval back.
      const checked = async (trx: Kysely<Database>, approved: StudySessionRow) => {
        assertPlaceSaid(approved);
        await audit(trx, approved);
      };
      const updated = await updateAndMail(id, patch, { status: ['pending'] }, sessionApprovedEmailJob, checked, true, 'session.approved');
      if (!updated) return refusal(id, patch, message);
      return dto(updated, me, language);
    },

    async reject(me: CurrentUser, id: string, body: RejectInput, language: Language, ip: string | null = null): Promise<Session> {
      const { message } = await pendingDecision(me, id, 'errors.sessions.adminsReject', 'errors.sessions.notPendingReject');
      const patch: Updateable<StudySessionTable> = {
        status: 'rejected',
        rejectionReason: body.reason,
        rejectionFeedback: body.feedback,
        updatedAt: deps.now().toISOString(),
      };
      const updated = await updateAndMail(id, patch, { status: ['pending'] }, sessionRejectedEmailJob,
        auditSession(me, ip, 'session.rejected', { reason: body.reason, feedback: body.feedback }),
        false,
      );
      if (!updated) return refusal(id, patch, message);
      return dto(updated, me, language);
    },

    /** The owning tutor sends a rejected session back for review (rejected → pending). */
    async resubmit(me: CurrentUser, id: string, language: Language): Promise<Session> {
      if (me.role !== 'tutor') throw forbidden('errors.sessions.resubmitTutor');
      const row = await repo.findById(id);
      if (!row || row.tutorId !== me.id) throw notFound(NO_SESSION);
      const message = { key: 'errors.sessions.notRejected', values: { status: row.status } } as const;
      if (row.status !== 'rejected') throw conflict(message);
      const patch: Updateable<StudySessionTable> = { status: 'pending', rejectionReason: null, rejectionFeedback: null, updatedAt: deps.now().toISOString() };
      const updated = await deps.db.unitOfWork(async (work) => {
        const done = await sessionRepository(await work.db()).updateGuarded(id, patch, { status: ['rejected'] });
        if (done) work.changed('publicLists');
        return done;
      });
      if (!updated) return refusal(id, patch, message);
      return dto(updated, me, language);
    },

    /**
     * Calls an approved session off before its class starts: its tutor while nobody
     * has paid, or an admin, who refunds the paid bookings first (a failed refund stops here,
     * nothing changed; again is safe: each refund carries its checkout's idempotency key). The
     * session stays, "Cancelled", never bookable again; every booked and waiting student is
     * emailed in the same transaction, booked ones with the .ics that cancels their event.
     */
    async cancel(me: CurrentUser, id: string, body: CancelInput, language: Language, ip: string | null = null): Promise<Session> {
      if (me.role !== 'admin' && me.role !== 'tutor') throw forbidden('errors.sessions.cancelRoles');
      const row = await repo.findById(id);
      if (!row || (me.role === 'tutor' && row.tutorId !== me.id)) {
        if (row && (row.status === 'approved' || row.status === 'cancelled')) throw forbidden('errors.sessions.cancelOwn');
        throw notFound(NO_SESSION);
      }
      const refused = (r: StudySessionRow) =>
        r.status !== 'approved' ? ({ key: 'errors.sessions.notApprovedCancel', values: { status: r.status } } as const) : 'errors.sessions.startedNoCancel';
      if (row.status !== 'approved' || Date.parse(row.classStartDate) <= deps.now().getTime()) throw conflict(refused(row));
      const paid = await repo.paidBookings(id);
      if (me.role !== 'admin' && paid.length > 0) {
        throw conflict('errors.sessions.paidOnlyAdmin');
      }
      const cancelled = await callOff(row, { actor: actorOf(me, ip), reason: body.reason }, paid);
      // Paid for while being called off: nothing changed; the admin's next try refunds them too.
      if (cancelled === 'paid-meanwhile') throw conflict('errors.sessions.paidMeanwhileCancel');
      if (!cancelled) {
        const current = await repo.findById(id);
        if (!current) throw notFound(NO_SESSION);
        throw conflict(refused(current));
      }
      return dto(cancelled, me, language);
    },

    /** Every session for admins: pending first, then newest; filter by status, search by title or tutor; each as All Sessions shows it. */
    async listForAdmin(me: CurrentUser, query: AdminListQuery): Promise<AdminSessionPage> {
      assertAdmin(me, 'errors.sessions.adminsListAll');
      const after = decodeCursor(query.cursor, ['number', 'string', 'string'] as const);
      const rows = await repo.listForAdmin({ status: query.status, q: query.q || undefined, after: after ?? null, limit: query.limit });
      const page = pageFrom(rows, query.limit, (row) => [Number(row.rank), row.createdAt, row.id]);
      return { items: page.items.map((row) => toAdminSessionListItem(row, me)), nextCursor: page.nextCursor };
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
