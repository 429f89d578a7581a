// A weekly series of classes (docs/decisions/064-series.md): one study session per class, linked
// by a series id. Creating one writes every class as Create Session writes one (pending, each
// checked by the same rules); an admin approves every pending class at once, each at the fee
// given; calling off the rest calls each class off the one way a class is called off
// (callOffClass). Moving, calling off or adding one class are the single class's own calls.
import type { z } from 'zod';
import { wallTimeOf, instantOf } from '#contract/session-form.ts';
import { MAX_SERIES_CLASSES, type approveSessionBody, type cancelSeriesBody, type createSeriesBody, type Series } from '#contract/sessions.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import type { Language } from '#i18n/languages.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { sessionEvent, webhookJobs } from '#server/features/webhooks/public.ts';
import { canSeePrivateDetails, toPublicSessionDto } from './session-dto.ts';
import { sessionApprovedEmailJob } from './session-notices.ts';
import { sessionRepository } from './session-repository.ts';
import { approvalPatch, assertPlaceSaid, callOffClass, newSessionRow, refuseProblems, type SessionsDeps } from './session-service.ts';

type CreateSeriesInput = z.output<typeof createSeriesBody>;
type ApproveInput = z.output<typeof approveSessionBody>;
type CancelInput = z.output<typeof cancelSeriesBody>;

const NO_SERIES = 'errors.sessions.noSeries';
const DAY_MS = 24 * 60 * 60 * 1000;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** dd/MM/yyyy (the form's) → yyyy-MM-dd (the API's days). */
const dayKey = (date: string) => date.split('/').reverse().join('-');

/**
 * The class starts of a series: the first class's time of day in `zone`, every `everyWeeks`
 * weeks (so a class keeps its hour across a change of summer time), `classCount` classes or those
 * on or before `untilDate`, leaving out the `skipDates` (a skipped day does not count as a class).
 * 400 naming the field when that makes fewer than two classes or more than MAX_SERIES_CLASSES.
 */
export function seriesStarts(firstStart: string, zone: string, repeat: Pick<CreateSeriesInput, 'everyWeeks' | 'classCount' | 'untilDate' | 'skipDates'>): string[] {
  const first = wallTimeOf(firstStart, zone);
  const [day, month, year] = first.date.split('/').map(Number) as [number, number, number];
  // The seconds the first start has beyond its minute (the wall time has minutes): every class keeps them.
  // (An hour that happens twice as summer time ends may read back as the other one: then none.)
  const off = Date.parse(firstStart) - Date.parse(instantOf(first.date, first.time, zone) ?? firstStart);
  const beyondMinute = off >= 0 && off < 60_000 ? off : 0;
  const skip = new Set(repeat.skipDates ?? []);
  const step = (repeat.everyWeeks ?? 1) * 7;
  const starts: string[] = [];
  // Bounded: the classes wanted and as many skipped days again.
  for (let k = 0; k < 2 * MAX_SERIES_CLASSES + 1; k++) {
    const date = new Date(Date.UTC(year, month - 1, day) + k * step * DAY_MS);
    const typed = `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
    if (repeat.untilDate !== undefined && dayKey(typed) > repeat.untilDate) break;
    if (repeat.classCount !== undefined && starts.length === repeat.classCount) break;
    if (skip.has(dayKey(typed))) continue;
    const start = instantOf(typed, first.time, zone);
    starts.push(start === null ? new Date(Date.parse(firstStart) + k * step * DAY_MS).toISOString() : new Date(Date.parse(start) + beyondMinute).toISOString());
  }
  const field = repeat.untilDate !== undefined ? 'untilDate' : 'classCount';
  if (starts.length < 2) refuseProblems({ [field]: 'errors.sessionRules.seriesTooShort' });
  if (starts.length > MAX_SERIES_CLASSES) refuseProblems({ [field]: 'errors.sessionRules.seriesTooLong' });
  return starts;
}

export function sessionSeries(deps: SessionsDeps) {
  const repo = sessionRepository(deps.db.kysely);
  const callOff = callOffClass(deps);

  /** The series as `viewer` may see it: every class for its tutor and admins, approved and cancelled ones for anyone. */
  function toSeries(id: string, classes: StudySessionRow[], viewer: CurrentUser | null, language: Language): Series {
    const first = classes[0]!;
    const now = deps.now();
    const shown = canSeePrivateDetails(first, viewer) ? classes : classes.filter((c) => c.status === 'approved' || c.status === 'cancelled');
    return { id, title: first.title, tutorId: first.tutorId, tutorName: first.tutorName, classes: shown.map((c) => toPublicSessionDto(c, viewer, now, language)) };
  }

  /** The series' classes; 404 when there is none, or none `viewer` may see. */
  async function classesOf(id: string, viewer: CurrentUser | null): Promise<StudySessionRow[]> {
    const classes = await repo.seriesClasses(id);
    const first = classes[0];
    if (!first) throw notFound(NO_SERIES);
    if (!canSeePrivateDetails(first, viewer) && !classes.some((c) => c.status === 'approved' || c.status === 'cancelled')) throw notFound(NO_SERIES);
    return classes;
  }

  return {
    /**
     * A tutor creates a series: every class pending (free until approved), each written as Create
     * Session writes one and checked by the same rules, all or none in one unit of work.
     */
    async create(me: CurrentUser, email: string, body: CreateSeriesInput, language: Language): Promise<Series> {
      if (me.role !== 'tutor') throw forbidden('errors.sessions.createTutorsOnly');
      if (!sameEmail(email, me.email)) throw forbidden('errors.sessions.createOwn');
      const zone = timeZoneOrNull(body.timeZone) ?? 'UTC';
      const firstStart = Date.parse(body.classStartDate);
      const length = Date.parse(body.classEndDate) - firstStart;
      // Each class's registration closes as long before it as the first's; all open at once.
      const closesBefore = firstStart - Date.parse(body.registrationEndDate);
      const registrationStartDate = new Date(body.registrationStartDate).toISOString();
      const seriesId = newId(deps.now().getTime());
      const rows = seriesStarts(new Date(firstStart).toISOString(), zone, body).map((start) => {
        const startMs = Date.parse(start);
        const schedule = {
          registrationStartDate,
          registrationEndDate: new Date(startMs - closesBefore).toISOString(),
          classStartDate: start,
          classEndDate: new Date(startMs + length).toISOString(),
        };
        return newSessionRow(deps, me, body, schedule, seriesId);
      });
      const inserted = await deps.db.unitOfWork(async (work) => {
        const inUnit = sessionRepository(await work.db());
        const written: StudySessionRow[] = [];
        for (const row of rows) written.push(await inUnit.insert(row));
        return written;
      });
      return toSeries(seriesId, inserted, me, language);
    },

    async get(viewer: CurrentUser | null, id: string, language: Language): Promise<Series> {
      return toSeries(id, await classesOf(id, viewer), viewer, language);
    },

    /**
     * An admin approves every pending class of the series at once, each at `body`'s fee and
     * capacity, by the rules approving one class follows: all or none, in one unit of work with
     * one email to the tutor, each class's webhook, and one audit entry for the whole series.
     */
    async approve(me: CurrentUser, id: string, body: ApproveInput, language: Language, ip: string | null = null): Promise<{ approved: number; series: Series }> {
      if (me.role !== 'admin') throw forbidden('errors.sessions.adminsApprove');
      const classes = await repo.seriesClasses(id);
      if (classes.length === 0) throw notFound(NO_SERIES);
      const pending = classes.filter((c) => c.status === 'pending');
      if (pending.length === 0) throw conflict('errors.sessions.seriesNothingPending');
      const patches = pending.map((row) => ({ row, patch: approvalPatch(deps, row, body) }));
      const done = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        const inUnit = sessionRepository(trx);
        const approved: StudySessionRow[] = [];
        for (const { row, patch } of patches) {
          const updated = await inUnit.updateGuarded(row.id, patch, { status: ['pending'] });
          // A class no longer pending, or set back to "to be announced" meanwhile: nothing is approved.
          if (!updated) throw conflict({ key: 'errors.sessions.notPendingApprove', values: { status: (await inUnit.findById(row.id))?.status ?? 'deleted' } });
          assertPlaceSaid(updated);
          approved.push(updated);
          work.enqueue(await webhookJobs(trx, deps, sessionEvent('session.approved', updated)));
        }
        const first = approved[0]!;
        work.enqueue(deps.jobs.row(sessionApprovedEmailJob(first, approved.length)));
        const details = { title: first.title, tutorEmail: first.tutorEmail, classes: approved.length, sessionIds: approved.map((c) => c.id), registrationFeeCents: patches[0]!.patch.registrationFeeCents, maxParticipants: body.maxParticipants ?? null };
        await recordAudit(trx, actorOf(me, ip), { action: 'session.series_approved', targetType: 'series', targetId: id, details }, deps.now());
        work.changed('publicLists');
        return approved;
      });
      const byId = new Map(done.map((c) => [c.id, c]));
      return { approved: done.length, series: toSeries(id, classes.map((c) => byId.get(c.id) ?? c), me, language) };
    },

    /**
     * Calls off the rest of the series: every approved class not started yet (from `fromSessionId`
     * on, that class included, when given: a class of another series is 404), each the one way a
     * class is called off (its refunds, emails, calendar files, webhooks and audit entry). Its
     * tutor may while nobody has paid for any of them; otherwise only an admin.
     */
    async cancelRest(me: CurrentUser, id: string, body: CancelInput, language: Language, ip: string | null = null): Promise<{ cancelled: number; series: Series }> {
      if (me.role !== 'admin' && me.role !== 'tutor') throw forbidden('errors.sessions.cancelRoles');
      const classes = await repo.seriesClasses(id);
      const first = classes[0];
      if (!first || (me.role === 'tutor' && first.tutorId !== me.id)) {
        if (first && classes.some((c) => c.status === 'approved' || c.status === 'cancelled')) throw forbidden('errors.sessions.cancelOwn');
        throw notFound(NO_SERIES);
      }
      const now = deps.now().getTime();
      const from = body.fromSessionId === undefined ? null : classes.find((c) => c.id === body.fromSessionId);
      if (from === undefined) throw notFound('errors.sessions.notFound');
      // Classes are in class order: the one started from and those after it.
      const later = from ? classes.slice(classes.indexOf(from)) : classes;
      const rest = later.filter((c) => c.status === 'approved' && Date.parse(c.classStartDate) > now);
      if (rest.length === 0) throw conflict('errors.sessions.seriesNothingToCancel');
      const paid = await Promise.all(rest.map((c) => repo.paidBookings(c.id)));
      if (me.role !== 'admin' && paid.some((p) => p.length > 0)) throw conflict('errors.sessions.paidOnlyAdmin');
      let cancelled = 0;
      for (const [i, row] of rest.entries()) {
        const result = await callOff(row, { actor: actorOf(me, ip), reason: body.reason }, paid[i]);
        if (result === 'paid-meanwhile') throw conflict('errors.sessions.paidMeanwhileCancel');
        // A class that started or was called off meanwhile is left as it is.
        if (result) cancelled++;
      }
      return { cancelled, series: toSeries(id, await repo.seriesClasses(id), me, language) };
    },
  };
}

export type SessionSeries = ReturnType<typeof sessionSeries>;
