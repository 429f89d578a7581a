// "My data", a person's right to their data: a user downloads everything StudyNest holds about
// them, and deletes their account; admins (and the operator's CLI) do the same for any user,
// recorded in the audit log. The rules of a deletion:
// - the password is asked of the account's owner (not of an admin acting on someone else);
// - the last admin who can sign in cannot go (make another admin first);
// - a tutor with upcoming sessions that have bookings is refused (cancel them or hand them over);
// - bookings of classes not started are cancelled with the usual refund and waitlist promotion;
// - notes, photo, sign-in methods and personal data are removed; reviews stay, attributed to
//   "Former student"; bookings of classes held and sessions that had students stay, anonymised
//   (attendance and payment records). See docs/decisions/020-account-deletion.md.
import { EXPORTS_PER_HOUR } from '#contract/my-data.ts';
import { DELETED_STUDENT_NAME, DELETED_TUTOR_NAME } from '#contract/deleted-names.ts';
import { MY_DATA_FORMAT, type AccountDeleted, type AccountDeletionPreview, type MyData } from '#contract/my-data.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { actorOf, OPERATOR, recordAudit, type AuditActor } from '#server/audit/audit-log.ts';
import { userStatus, type CurrentUser } from '#server/auth/current-user.ts';
import { AppError, badRequest, conflict, forbidden, notFound, type ErrorWords } from '#server/errors.ts';
import { toIso } from '#server/ids.ts';
import type { BookingsService } from '#server/features/bookings/public.ts';
import { materialFileStore } from '#server/features/materials/public.ts';
import { notificationService } from '#server/features/notifications/public.ts';
import { imageStore, removePhotoNoLongerShown, UPLOAD_URL_PREFIX } from '#server/features/uploads/public.ts';
import { isDeletedEmail, myDataRepository } from './my-data-repository.ts';
import { translatorFor } from '#server/i18n/translate.ts';
import { archiveReadyEmailJob } from './my-data-emails.ts';
import { DEFAULT_LANGUAGE, type Language } from '#i18n/languages.ts';
import type { JobHandler, Schedule } from '#server/jobs/jobs.ts';
import { recurringJob } from '#server/jobs/recurring-job.ts';
import type { OpenedObject } from '#server/storage/file-storage.ts';
import { ARCHIVE_KEEP_MS, archiveStore } from './archive-store.ts';
import { zipStream, type StreamedZipEntry } from './zip-archive.ts';
import type { Readable } from 'node:stream';
import type { Work } from '#server/db/unit-of-work.ts';

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof myDataRepository>['findUser']>>>;

const NO_USER = 'errors.users.noUserId';
/** Files in one archive, at most: beyond it the download is refused (ask an admin for the files). */
export const ARCHIVE_FILES_MAX_BYTES = 200 * 1024 * 1024;
/** Files above this are not read during a request: the archive is built by a job and its link emailed. */
export const ARCHIVE_INLINE_MAX_BYTES = 25 * 1024 * 1024;
export const MY_DATA_ARCHIVE_JOB = 'my-data.archive';
export const REMOVE_OLD_ARCHIVES_JOB = 'my-data.remove-old-archives';

/** Exports (JSON or ZIP) an account may make of its own data per EXPORT_WINDOW_MS (decision 038); Settings says it too. */
export const EXPORTS_PER_WINDOW = EXPORTS_PER_HOUR;
export const EXPORT_WINDOW_MS = 60 * 60 * 1000;

/** What GET /api/me/data.zip gives: the archive now (streamed), or word that its link will be emailed. */
export type ArchiveAnswer = { kind: 'ready'; filename: string; zip: Readable } | { kind: 'emailed' };
const iso = (value: Date | string) => toIso(value)!;

/** Too many exports of one's own data in the window: a 429 whose Retry-After the route sends. */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export class ExportsTooOften extends AppError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, { key: 'errors.myData.exportsTooOften', values: { count: EXPORTS_PER_WINDOW, minutes: minutesOf(retryAfterSeconds) } });
  }

  /** When to come back, in whole minutes (at least 1), as the message says it. */
  get minutes(): number {
    return minutesOf(this.retryAfterSeconds);
  }
}


/** What "my data" is built from: the core and the app's bookings service (server/app-deps.ts). */
export type MyDataDeps = CoreDeps & {
  /** An erased account's bookings are released by the bookings feature's own rules. */
  bookings: Pick<BookingsService, 'releaseAllOf' | 'releasePreviewOf'>;
};

export function myDataService(deps: MyDataDeps) {
  const repo = myDataRepository(deps.db.kysely);
  const bookings = deps.bookings;
  const materialFiles = materialFileStore(deps.files);
  const photos = imageStore(deps.files);
  const archives = archiveStore(deps.files);
  const photoOf = (user: UserRow) => (user.image?.startsWith(UPLOAD_URL_PREFIX) ? user.image.slice(UPLOAD_URL_PREFIX.length) : null);

  /**
   * The ZIP of an account: studynest-data.json and its files, streamed (each file read as the
   * archive reaches it: memory stays a few chunks per download, decision 038).
   */
  async function archiveOf(user: UserRow): Promise<{ filename: string; zip: Readable }> {
    if ((await filesBytesOf(user)) > ARCHIVE_FILES_MAX_BYTES) throw new AppError(413, 'errors.myData.filesTooLarge');
    const data = await exportOf(user);
    const day = data.exportedAt.slice(0, 10);
    const json = Buffer.from(JSON.stringify(data, null, 2));
    return { filename: `studynest-data-${day}.zip`, zip: zipStream([{ name: 'studynest-data.json', compress: true, open: async () => json }, ...(await filesOf(user))], deps.now()) };
  }

  /** The bytes of the account's files, from their records. */
  async function filesBytesOf(user: UserRow): Promise<number> {
    const photo = photoOf(user);
    const photoBytes = photo ? ((await photos.sizeOf(photo)) ?? 0) : 0;
    return photoBytes + (await repo.materialBytesOf(user.id));
  }

  /** Whether the account's files are too many bytes to read during a request. */
  async function isLarge(user: UserRow): Promise<boolean> {
    return (await filesBytesOf(user)) > ARCHIVE_INLINE_MAX_BYTES;
  }

  /**
   * Records an export of one's own data, or refuses it beyond EXPORTS_PER_WINDOW in the window
   * (counted from the audit log, shared by every process). The count and the record are one
   * unit of work that first locks the account's row: requests sent together take turns, so the
   * seventh sees the sixth (decision 038). `alsoInIt` adds what the export needs to the same
   * unit (the large archive's job); the export itself is read after the commit.
   */
  async function claimOwnExport(user: UserRow, by: AuditActor, details: Record<string, unknown>, alsoInIt?: (work: Work) => void): Promise<void> {
    await deps.db.unitOfWork(async (work) => {
      await work.lockRow('user', user.id);
      const tx = await work.db();
      const now = deps.now();
      const recent = await myDataRepository(tx).ownExportsSince(user.id, new Date(now.getTime() - EXPORT_WINDOW_MS));
      if (recent.length >= EXPORTS_PER_WINDOW) {
        // Allowed again once the export that fills the window has left it.
        const freedAt = Date.parse(recent[recent.length - EXPORTS_PER_WINDOW]!) + EXPORT_WINDOW_MS;
        throw new ExportsTooOften(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
      }
      alsoInIt?.(work);
      await recordAudit(tx, by, { action: 'user.data_exported', targetType: 'user', targetId: user.id, details: { email: user.email, ...details } }, now);
    });
  }

  async function liveUser(id: string): Promise<UserRow> {
    const user = await repo.findUser(id);
    if (!user || isDeletedEmail(user.email)) throw notFound(NO_USER);
    return user;
  }

  async function exportOf(user: UserRow): Promise<MyData> {
    const d = await repo.exportOf(user.id, user.email);
    return {
      format: MY_DATA_FORMAT,
      exportedAt: deps.now().toISOString(),
      account: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        status: userStatus(user),
        emailVerified: Boolean(user.emailVerified),
        image: user.image,
        createdAt: iso(user.createdAt),
        updatedAt: iso(user.updatedAt),
        lastSeen: toIso(user.lastSeen),
        signInMethods: d.accounts.map((a) => a.providerId),
        bio: d.bio,
      },
      signIns: d.signIns.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), ipAddress: s.ipAddress, userAgent: s.userAgent })),
      bookings: d.bookings.map((b) => ({
        id: b.id,
        sessionId: b.sessionId,
        sessionTitle: b.sessionTitle,
        classStartDate: b.classStartDate,
        classEndDate: b.classEndDate,
        status: b.status,
        amountCents: Number(b.amountCents),
        holdExpiresAt: b.holdExpiresAt,
        attendance: b.attendance,
        attendanceMarkedAt: b.attendanceMarkedAt,
        createdAt: b.createdAt,
      })),
      payments: d.bookings
        .filter((b) => Number(b.amountCents) > 0)
        .map((b) => ({ bookingId: b.id, sessionTitle: b.sessionTitle, amountCents: Number(b.amountCents), status: b.status === 'confirmed' ? 'paid' : 'awaiting payment', paymentRef: b.paymentRef, createdAt: b.createdAt })),
      waitlist: d.waitlist,
      reviews: d.reviews.map((r) => ({ ...r, rating: Number(r.rating) })),
      notes: d.notes,
      sessions: d.sessions.map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description,
        status: s.status,
        registrationStartDate: s.registrationStartDate,
        registrationEndDate: s.registrationEndDate,
        classStartDate: s.classStartDate,
        classEndDate: s.classEndDate,
        registrationFeeCents: Number(s.registrationFeeCents),
        maxParticipants: s.maxParticipants === null ? null : Number(s.maxParticipants),
        bookedCount: Number(s.bookedCount),
        rejectionReason: s.rejectionReason,
        rejectionFeedback: s.rejectionFeedback,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
      })),
      materials: d.materials.map((m) => ({
        id: m.id,
        sessionId: m.sessionId,
        title: m.title,
        link: m.link,
        fileName: m.fileName,
        mimeType: m.mimeType,
        fileSize: m.fileSize === null ? null : Number(m.fileSize),
        createdAt: m.createdAt,
        updatedAt: m.updatedAt,
      })),
      emails: [
        ...d.sent.map((m) => ({ subject: m.subject, status: 'sent' as const, createdAt: m.sentAt, text: m.text })),
        ...d.emails.map((job) => {
          // Jobs addressed to this account only (their recipient column, the exact address).
          const payload = JSON.parse(job.payload) as { mail?: { subject?: string; text?: string; secret?: boolean }; render?: string };
          const subject = payload.mail?.subject ?? `(${payload.render ?? 'email'}, written when sent)`;
          // A one-time link is for the recipient's inbox only, never for whoever reads the export.
          const text = payload.mail && !payload.mail.secret ? (payload.mail.text ?? null) : null;
          return { subject, status: job.status === 'dead' ? ('failed' as const) : ('waiting to be sent' as const), createdAt: iso(job.createdAt), text };
        }),
      ],
      auditLog: d.audit.map((a) => ({ at: a.at, actor: a.actor, action: a.action, targetType: a.targetType, targetId: a.targetId, details: JSON.parse(a.details) as Record<string, unknown> })),
      notifications: await notificationService(deps).settings(user.id),
    };
  }

  /** The account's uploaded files, for the archive: its photo, and a tutor's material files (opened when the archive reaches them). */
  async function filesOf(user: UserRow): Promise<StreamedZipEntry[]> {
    const entries: StreamedZipEntry[] = [];
    const photo = photoOf(user);
    if (photo) entries.push({ name: 'files/photo.webp', compress: false, open: async () => (await photos.download(photo)?.open())?.stream ?? null });
    for (const material of await repo.materialFilesOf(user.id)) {
      // The name the tutor uploaded, made safe for any unzip: no folders, no control characters.
      const safe = (material.fileName ?? 'file').replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(-120);
      entries.push({ name: `files/materials/${material.id}-${safe}`, compress: false, open: async () => (await materialFiles.open(material.fileKey!))?.stream ?? null });
    }
    return entries;
  }

  /** Every export is recorded: a stolen session downloading an account shows in the log. */
  async function recordExport(user: UserRow, by: AuditActor): Promise<void> {
    await recordAudit(deps.db.kysely, by, { action: 'user.data_exported', targetType: 'user', targetId: user.id, details: { email: user.email } }, deps.now());
  }

  async function assertPassword(userId: string, password: string): Promise<void> {
    const context = await deps.auth.$context;
    const account = await context.internalAdapter.findCredentialAccount(userId);
    if (!account?.password) {
      throw badRequest('errors.myData.noPassword', { password: 'errors.myData.noPasswordField' });
    }
    if (!(await context.password.verify({ hash: account.password, password }))) throw badRequest('errors.myData.wrongPassword', { password: 'errors.myData.wrongPasswordField' });
  }

  /** The rules that refuse a deletion; run before anything changes, and again inside the transaction. */
  async function refusal(inUnit: typeof repo, user: UserRow, self: boolean): Promise<ErrorWords | null> {
    if (user.role === 'admin') {
      if ((await inUnit.otherActiveAdmins(user.id)) === 0) return self ? 'errors.users.lastAdminSelf' : 'errors.users.lastAdminOther';
    }
    const booked = await inUnit.upcomingBookedSessionsOf(user.id, deps.now().toISOString());
    if (booked.length > 0) {
      const named = booked.slice(0, 3).map((s) => `"${s.title}"`).join(', ');
      const titles = booked.length > 3 ? { key: 'errors.myData.andMore', values: { titles: named, count: booked.length - 3 } } as const : named;
      return { key: 'errors.myData.upcomingBooked', values: { self: String(self), titles } };
    }
    return null;
  }

  /** Deletes the account; says what it did in `language` (the caller's; the operator's CLI: English). */
  async function erase(user: UserRow, by: AuditActor, self: boolean, language: Language = DEFAULT_LANGUAGE): Promise<AccountDeleted> {
    const early = await refusal(repo, user, self);
    if (early) throw conflict(early);
    const now = deps.now();
    const anonymousName = user.role === 'tutor' ? DELETED_TUTOR_NAME : DELETED_STUDENT_NAME;
    // One unit of work: the bookings released, the refunds owed (jobs written in it: the payment
    // service is called after the commit), the erasure and its audit entry commit together, or
    // nothing changes (docs/decisions/038-account-erasure-and-exports.md).
    const { erased, released } = await deps.db.unitOfWork(async (work) => {
      const tx = await work.db();
      const inUnit = myDataRepository(tx);
      const late = await refusal(inUnit, user, self);
      if (late) throw conflict(late);
      const released = await bookings.releaseAllOf(work, user.id);
      const result = await inUnit.erase(user, { anonymousName, tutorName: DELETED_TUTOR_NAME, now });
      // Their sessions, reviews and name leave the public lists.
      work.changed('publicLists');
      await recordAudit(tx, by, {
        action: 'user.deleted',
        targetType: 'user',
        targetId: user.id,
        details: { email: user.email, role: user.role, by: self ? 'themselves' : by.kind, cancelledBookings: released.cancelled, refundedBookings: released.refunded },
      }, now);
      return { erased: result, released };
    });
    deps.callers.invalidateUser(user.id);
    // After the commit: a file left behind is only wasted space, never served (no row points at it).
    await Promise.all(erased.materialFiles.map((key) => materialFiles.remove(key)));
    // Unless another account shows it too, or it is another's upload (uploads/photo-owner.ts).
    await removePhotoNoLongerShown({ kysely: deps.db.kysely, files: deps.files }, user.image, user.id);
    await archives.removeOf(user.id);
    return {
      message: translatorFor(language).t('answers.accountDeleted', { self: String(self), email: user.email, cancelled: released.cancelled, refunded: released.refunded }),
      cancelledBookings: released.cancelled,
      refundedBookings: released.refunded,
    };
  }

  return {
    /** The caller's own data. */
    async exportOwn(me: CurrentUser, ip: string | null): Promise<MyData> {
      const user = await liveUser(me.id);
      await claimOwnExport(user, actorOf(me, ip), {});
      return exportOf(user);
    },

    /**
     * The caller's data as a ZIP: the JSON of exportOwn and their uploaded files (photo, material
     * files), streamed; at most EXPORTS_PER_WINDOW exports an hour.
     */
    async exportArchiveOwn(me: CurrentUser, ip: string | null): Promise<ArchiveAnswer> {
      const user = await liveUser(me.id);
      if (await isLarge(user)) {
        // Built by a job, the link emailed; one job per account at a time (its key).
        await claimOwnExport(user, actorOf(me, ip), { delivery: 'emailed link' }, (work) =>
          work.enqueue(deps.jobs.row({ kind: MY_DATA_ARCHIVE_JOB, payload: { userId: user.id }, key: `${MY_DATA_ARCHIVE_JOB}:${user.id}`, maxAttempts: 3 })),
        );
        return { kind: 'emailed' };
      }
      await claimOwnExport(user, actorOf(me, ip), {});
      return { kind: 'ready', ...(await archiveOf(user)) };
    },

    /** An archive prepared by the job, for its owner only, while it is kept (7 days). */
    async preparedArchive(me: CurrentUser, token: string): Promise<OpenedObject> {
      const zip = await archives.open(me.id, token, deps.now());
      if (!zip) throw notFound('errors.myData.linkExpired');
      return zip;
    },

    /** The job that builds a large archive and emails its link, and the one that removes old archives. */
    archiveWork(): { handlers: Record<string, JobHandler>; schedule: Schedule } {
      const removeOld = recurringJob(REMOVE_OLD_ARCHIVES_JOB, 60 * 60 * 1000, async () => {
        const removed = await archives.removeOlderThan(new Date(deps.now().getTime() - ARCHIVE_KEEP_MS));
        if (removed > 0) deps.log.info({ removed }, 'removed old data archives');
      });
      return {
        handlers: {
          [MY_DATA_ARCHIVE_JOB]: {
            async run(payload) {
              const user = await repo.findUser((payload as { userId: string }).userId);
              // Deleted meanwhile: nothing to send, and nobody to send it to.
              if (!user || isDeletedEmail(user.email)) return;
              const token = await archives.write(user.id, (await archiveOf(user)).zip);
              const link = `${deps.config.baseUrl}/api/me/data-exports/${token}.zip`;
              await deps.db.unitOfWork(async (work) => work.enqueue(deps.jobs.row(archiveReadyEmailJob(user, link))));
            },
          },
          [REMOVE_OLD_ARCHIVES_JOB]: removeOld.handler,
        },
        schedule: removeOld.schedule,
      };
    },

    /** Any user's data, for an admin; recorded. */
    async exportForAdmin(me: CurrentUser, id: string, ip: string | null): Promise<MyData> {
      if (me.role !== 'admin') throw forbidden('errors.myData.adminsExport');
      const user = await liveUser(id);
      await recordExport(user, actorOf(me, ip));
      return exportOf(user);
    },

    /** What deleting the caller's account would do to their bookings now: the confirmation says it. */
    async deletionPreviewOwn(me: CurrentUser): Promise<AccountDeletionPreview> {
      const user = await liveUser(me.id);
      const released = await bookings.releasePreviewOf(user.id);
      return { cancelledBookings: released.cancelled, refundedBookings: released.refunded, notRefundedBookings: released.notRefunded };
    },

    async deleteOwn(me: CurrentUser, password: string, ip: string | null, language?: Language): Promise<AccountDeleted> {
      const user = await liveUser(me.id);
      await assertPassword(user.id, password);
      return erase(user, actorOf(me, ip), true, language);
    },

    async deleteForAdmin(me: CurrentUser, id: string, ip: string | null, language?: Language): Promise<AccountDeleted> {
      if (me.role !== 'admin') throw forbidden('errors.myData.adminsDelete');
      const user = await liveUser(id);
      if (user.id === me.id) throw badRequest('errors.myData.deleteOwnFromSettings');
      return erase(user, actorOf(me, ip), false, language);
    },

    /** The operator's CLI (`npm run admin -- export|delete <email>`). */
    async exportByOperator(email: string): Promise<MyData | null> {
      const user = await repo.findUserByEmail(email);
      if (!user || isDeletedEmail(user.email)) return null;
      await recordExport(user, OPERATOR);
      return exportOf(user);
    },

    async deleteByOperator(email: string): Promise<AccountDeleted | null> {
      const user = await repo.findUserByEmail(email);
      if (!user || isDeletedEmail(user.email)) return null;
      return erase(user, OPERATOR, false);
    },
  };
}

export type MyDataService = ReturnType<typeof myDataService>;
