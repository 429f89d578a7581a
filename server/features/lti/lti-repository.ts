// The LTI tables' SQL (migration 0034): registered platforms, StudyNest's key pair, and each
// login's state and nonce until its launch uses them.
import type { Kysely } from 'kysely';
import { idList } from '#server/db/id-list.ts';
import type { Database, LtiContinueTable, LtiDeepLinkTable, LtiPlatformTable, LtiToolKeyTable } from '#server/db/schema.ts';

export function ltiRepository(db: Kysely<Database>) {
  /** The courses (LTI contexts) this user launched from as Instructor. */
  const coursesQuery = (userId: string) =>
    db
      .selectFrom('lti_context_instructor')
      .innerJoin('lti_context', 'lti_context.id', 'lti_context_instructor.contextRowId')
      .innerJoin('lti_platform', 'lti_platform.id', 'lti_context.platformId')
      .select(['lti_context.id', 'lti_context.contextId', 'lti_context.title', 'lti_context.membershipsUrl', 'lti_context.platformId', 'lti_platform.name as platform', 'lti_context_instructor.launchedAt'])
      .where('lti_context_instructor.userId', '=', userId);

  return {
    listPlatforms() {
      return db.selectFrom('lti_platform').selectAll().orderBy('createdAt', 'asc').orderBy('id', 'asc').limit(200).execute();
    },

    findPlatform(id: string) {
      return db.selectFrom('lti_platform').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The platforms of an issuer: one per client id StudyNest was given there. */
    platformsOfIssuer(issuer: string) {
      return db.selectFrom('lti_platform').selectAll().where('issuer', '=', issuer).limit(50).execute();
    },

    async insertPlatform(row: LtiPlatformTable): Promise<void> {
      await db.insertInto('lti_platform').values(row).execute();
    },

    async deletePlatform(id: string): Promise<boolean> {
      const result = await db.deleteFrom('lti_platform').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    toolKey() {
      return db.selectFrom('lti_tool_key').selectAll().orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
    },

    /** The first key made wins: a process that made another at the same moment reads the winner's. */
    async insertToolKey(row: LtiToolKeyTable): Promise<void> {
      await db.insertInto('lti_tool_key').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    },

    async insertLogin(row: { state: string; nonce: string; platformId: string; expiresAt: string }): Promise<void> {
      await db.insertInto('lti_login').values(row).execute();
    },

    /**
     * The login of `state`, deleted as it is read: whoever deletes it uses it, so a launch is
     * accepted once (its nonce with it). Expired logins are swept at the same time.
     */
    async takeLogin(state: string, now: string) {
      const row = await db.selectFrom('lti_login').selectAll().where('state', '=', state).executeTakeFirst();
      await db.deleteFrom('lti_login').where('expiresAt', '<', now).execute();
      if (!row) return undefined;
      const taken = await db.deleteFrom('lti_login').where('state', '=', state).executeTakeFirst();
      return Number(taken.numDeletedRows) > 0 ? row : undefined;
    },

    async insertContinue(row: LtiContinueTable): Promise<void> {
      await db.insertInto('lti_continue').values(row).execute();
    },

    /** The launch waiting under `code`, deleted as it is read (used once); expired ones are swept. */
    async takeContinue(code: string, now: string) {
      const row = await db.selectFrom('lti_continue').selectAll().where('code', '=', code).executeTakeFirst();
      await db.deleteFrom('lti_continue').where('expiresAt', '<', now).execute();
      if (!row) return undefined;
      const taken = await db.deleteFrom('lti_continue').where('code', '=', code).executeTakeFirst();
      return Number(taken.numDeletedRows) > 0 ? row : undefined;
    },

    async insertDeepLink(row: LtiDeepLinkTable): Promise<void> {
      await db.insertInto('lti_deep_link').values(row).execute();
    },

    /** `userId`'s Deep Linking request `id`, while it has not expired. */
    deepLinkOf(id: string, userId: string, now: string) {
      return db.selectFrom('lti_deep_link').selectAll().where('id', '=', id).where('userId', '=', userId).where('expiresAt', '>', now).executeTakeFirst();
    },

    /** Deleted as it is answered: a request is answered once. */
    async takeDeepLink(id: string, userId: string): Promise<boolean> {
      const taken = await db.deleteFrom('lti_deep_link').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
      return Number(taken.numDeletedRows) > 0;
    },

    /** What an instructor may place in a course: their approved sessions, the next ones first. */
    /** The tutor's weekly series with an approved class (all of them, or the one `seriesId`), each with its title, how many classes are approved and the first one's start. */
    seriesToPlace(tutorId: string, seriesId?: string) {
      let query = db
        .selectFrom('study_session')
        .select((eb) => ['seriesId', eb.fn.min('title').as('title'), eb.fn.countAll<number | string>().as('classCount'), eb.fn.min('classStartDate').as('firstClassStartDate')])
        .where('tutorId', '=', tutorId)
        .where('status', '=', 'approved')
        .where('seriesId', 'is not', null);
      if (seriesId !== undefined) query = query.where('seriesId', '=', seriesId);
      return query.groupBy('seriesId').orderBy('firstClassStartDate', 'desc').limit(100).execute();
    },

    /** One of the tutor's approved sessions, by its id. */
    sessionToPlace(tutorId: string, sessionId: string) {
      return db.selectFrom('study_session').select(['id', 'title']).where('id', '=', sessionId).where('tutorId', '=', tutorId).where('status', '=', 'approved').executeTakeFirst();
    },

    sessionsToPlace(tutorId: string) {
      return db
        .selectFrom('study_session')
        .select(['id', 'title', 'classStartDate'])
        .where('tutorId', '=', tutorId)
        .where('status', '=', 'approved')
        .orderBy('classStartDate', 'desc')
        .limit(100)
        .execute();
    },

    /**
     * The course of a launch, made or updated: its title and, when the launch named one, its
     * memberships URL (docs/decisions/068-lti-nrps.md). Returns its row id.
     */
    async keepContext(row: { id: string; platformId: string; contextId: string; title: string | null; membershipsUrl: string | null; serviceVersions: string; updatedAt: string }): Promise<string> {
      const changes = {
        updatedAt: row.updatedAt,
        ...(row.title !== null ? { title: row.title } : {}),
        ...(row.membershipsUrl !== null ? { membershipsUrl: row.membershipsUrl, serviceVersions: row.serviceVersions } : {}),
      };
      await db
        .insertInto('lti_context')
        .values(row)
        .onConflict((oc) => oc.columns(['platformId', 'contextId']).doUpdateSet(changes))
        .execute();
      const kept = await db.selectFrom('lti_context').select('id').where('platformId', '=', row.platformId).where('contextId', '=', row.contextId).executeTakeFirstOrThrow();
      return kept.id;
    },

    async keepInstructor(contextRowId: string, userId: string, at: string): Promise<void> {
      await db
        .insertInto('lti_context_instructor')
        .values({ contextRowId, userId, launchedAt: at })
        .onConflict((oc) => oc.columns(['contextRowId', 'userId']).doUpdateSet({ launchedAt: at }))
        .execute();
    },

    /** The courses `userId` launched from as Instructor, the latest first. */
    coursesOf(userId: string) {
      return coursesQuery(userId)
        .orderBy('lti_context_instructor.launchedAt', 'desc')
        .orderBy('lti_context.id', 'asc')
        .limit(200)
        .execute();
    },

    /** One of this instructor's courses by its id, however many they have. */
    courseOf(userId: string, courseId: string) {
      return coursesQuery(userId).where('lti_context.id', '=', courseId).executeTakeFirst();
    },

    /** Accounts linked to these platform user ids by a launch (better-auth `account`, providerId `lti:<platform>`). */
    linkedAccounts(platformId: string, subs: string[]) {
      if (subs.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('account')
        .select(['accountId', 'userId'])
        .where('providerId', '=', `lti:${platformId}`)
        .where('accountId', 'in', idList(db, JSON.stringify(subs)))
        .execute();
    },

    /** Accounts with these (lower-case) emails. */
    accountsByEmail(emails: string[]) {
      if (emails.length === 0) return Promise.resolve([]);
      return db.selectFrom('user').select(['id', 'email']).where('email', 'in', idList(db, JSON.stringify(emails))).execute();
    },

    /** Which of these accounts hold a booking of one of `tutorId`'s sessions. */
    async bookedWith(tutorId: string, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('booking')
        .innerJoin('study_session', 'study_session.id', 'booking.sessionId')
        .select('booking.studentId')
        .distinct()
        .where('study_session.tutorId', '=', tutorId)
        .where('booking.studentId', 'in', idList(db, JSON.stringify(userIds)))
        .execute();
      return new Set(rows.map((r) => r.studentId));
    },
  };
}
