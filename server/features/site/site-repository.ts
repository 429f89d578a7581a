// The public addresses a sitemap lists: approved sessions and the tutors who teach them.
// Prepared (decision 030).
import { sql, type Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Approved sessions of tutors not blocked and still tutors, as the public lists show them (decision 039). */
const approvedSessionsQuery = prepare((db, p: { limit: number }) =>
  db
    .selectFrom('study_session')
    .innerJoin('user', 'user.id', 'study_session.tutorId')
    .select(['study_session.id', 'study_session.updatedAt'])
    .where('study_session.status', '=', sql.lit('approved'))
    .where('user.role', '=', sql.lit('tutor'))
    .where(sql<boolean>`not ${sql.ref('user.blocked')}`)
    .orderBy('study_session.updatedAt', 'desc')
    .orderBy('study_session.id')
    .limit(p.limit),
);
/** Tutors not blocked with at least one approved session (as Home lists them), with their latest change. */
const tutorsQuery = prepare((db, p: { limit: number }) =>
  db
    .selectFrom('user')
    .innerJoin('study_session', 'study_session.tutorId', 'user.id')
    .select(['user.id', 'user.name', (eb) => eb.fn.max('study_session.updatedAt').as('updatedAt')])
    .where('user.role', '=', sql.lit('tutor'))
    .where(sql<boolean>`not ${sql.ref('user.blocked')}`)
    .where('study_session.status', '=', sql.lit('approved'))
    .groupBy(['user.id', 'user.name'])
    .orderBy('user.name')
    .limit(p.limit),
);

export function siteRepository(db: Kysely<Database>) {
  return {
    async approvedSessions(limit: number) {
      return (await approvedSessionsQuery(db, { limit })).rows;
    },
    /** Tutors not blocked with at least one approved session (as Home lists them), with their latest change. */
    async tutorsWithApprovedSessions(limit: number) {
      return (await tutorsQuery(db, { limit })).rows;
    },
  };
}
