// A signed-in student's own place on the sessions of a public list page (issue 17): the list
// itself stays the shared, cached one (public-list-cache.ts); each item gains `mine` from one
// more query over the page's ids, so a card says "You are booked", "On the waitlist (#2)" or
// "Seat held until …" from the same bookability state as the session's page.
import { sql, type Kysely } from 'kysely';
import type { PublicSessionPage } from '#contract/sessions.ts';
import type { BookingState, ViewerPlace } from '#contract/viewer-place.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { Database } from '#server/db/schema.ts';

/** A booking, a seat hold not yet run out, or a waitlist entry with its place in line: one query. */
async function placesOf(db: Kysely<Database>, studentId: string, sessionIds: readonly string[], now: string): Promise<Map<string, ViewerPlace>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('booking')
    .select([
      'booking.sessionId',
      sql<BookingState>`case when booking.status = 'pending_payment' then 'awaiting_payment' else 'booked' end`.as('status'),
      sql<number | string | null>`null`.as('placeInLine'),
      sql<string | null>`case when booking.status = 'pending_payment' then booking."holdExpiresAt" end`.as('paymentDueBy'),
    ])
    .where('booking.studentId', '=', studentId)
    .where('booking.sessionId', 'in', sessionIds)
    .where((eb) => eb.or([eb('booking.status', '=', 'confirmed'), eb('booking.holdExpiresAt', '>', now)]))
    .unionAll(
      db
        .selectFrom('waitlist_entry as own')
        .select([
          'own.sessionId',
          sql<BookingState>`'waitlisted'`.as('status'),
          sql<number | string>`(select count(*) from waitlist_entry w where w."sessionId" = own."sessionId" and w."createdAt" <= own."createdAt" and (w."createdAt" < own."createdAt" or w.id <= own.id))`.as('placeInLine'),
          sql<string | null>`null`.as('paymentDueBy'),
        ])
        .where('own.studentId', '=', studentId)
        .where('own.sessionId', 'in', sessionIds),
    )
    .execute();
  return new Map(rows.map(({ sessionId, ...place }) => [sessionId, { ...place, placeInLine: place.placeInLine === null ? null : Number(place.placeInLine) }]));
}

/** The page with the student's own place on each session (`mine`, null for none). Never cached: it is theirs. */
export async function withViewerPlaces(db: Kysely<Database>, student: CurrentUser, page: PublicSessionPage, now: Date): Promise<PublicSessionPage> {
  const places = await placesOf(db, student.id, page.items.map((item) => item.id), now.toISOString());
  return { ...page, items: page.items.map((item) => ({ ...item, mine: places.get(item.id) ?? null })) };
}
