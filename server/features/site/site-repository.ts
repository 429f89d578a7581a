// The public addresses a sitemap lists: approved sessions and the tutors who teach them.
// Prepared (decision 030).
import { sql, type Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const approvedSessionsQuery = prepare((db, p: { limit: number }) =>
  db.selectFrom('study_session').select(['id', 'updatedAt']).where('status', '=', sql.lit('approved')).orderBy('updatedAt', 'desc').orderBy('id').limit(p.limit),
);
/** Tutors not blocked with at least one approved session (as Home lists them), with their latest change. */
const tutorsQuery = prepare((db, p: { limit: number }) =>
  db
    .selectFrom('user')
    .innerJoin('study_session', 'study_session.tutorId', 'user.id')
    .select(['user.name', (eb) => eb.fn.max('study_session.updatedAt').as('updatedAt')])
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
