// The public addresses a sitemap lists: approved sessions and the tutors who teach them.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export function siteRepository(db: Kysely<Database>) {
  return {
    approvedSessions(limit: number) {
      return db
        .selectFrom('study_session')
        .select(['id', 'updatedAt'])
        .where('status', '=', 'approved')
        .orderBy('updatedAt', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    /** Tutors not blocked with at least one approved session (as Home lists them), with their latest change. */
    tutorsWithApprovedSessions(limit: number) {
      return db
        .selectFrom('user')
        .innerJoin('study_session', 'study_session.tutorId', 'user.id')
        .select(['user.name', (eb) => eb.fn.max('study_session.updatedAt').as('updatedAt')])
        .where('user.role', '=', 'tutor')
        .where(sql<boolean>`not ${sql.ref('user.blocked')}`)
        .where('study_session.status', '=', 'approved')
        .groupBy(['user.id', 'user.name'])
        .orderBy('user.name')
        .limit(limit)
        .execute();
    },
  };
}
