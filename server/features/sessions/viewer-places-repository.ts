// The SQL of a signed-in student's own places on a page of sessions (viewer-places.ts). Prepared
// (decision 030): the page's session ids are one parameter (idList, server/db/id-list.ts).
import { sql, type Kysely } from 'kysely';
import type { BookingState } from '#contract/viewer-place.ts';
import { idList } from '#server/db/id-list.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

export interface ViewerPlaceRow {
  sessionId: string;
  status: BookingState;
  placeInLine: number | string | null;
  paymentDueBy: string | null;
}

/** A booking, a seat hold not yet run out, or a waitlist entry with its place in line: one query. */
const placesFor = prepare((db, p: { studentId: string; sessionIds: string; now: string }) =>
  db
    .selectFrom('booking')
    .select([
      'booking.sessionId',
      sql<BookingState>`case when booking.status = 'pending_payment' then 'awaiting_payment' else 'booked' end`.as('status'),
      sql<number | string | null>`null`.as('placeInLine'),
      sql<string | null>`case when booking.status = 'pending_payment' then booking."holdExpiresAt" end`.as('paymentDueBy'),
    ])
    .where('booking.studentId', '=', p.studentId)
    .where('booking.sessionId', 'in', idList(db, p.sessionIds))
    .where((eb) => eb.or([eb('booking.status', '=', sql.lit('confirmed')), eb('booking.holdExpiresAt', '>', p.now)]))
    .unionAll(
      db
        .selectFrom('waitlist_entry as own')
        .select([
          'own.sessionId',
          sql<BookingState>`'waitlisted'`.as('status'),
          sql<number | string>`(select count(*) from waitlist_entry w where w."sessionId" = own."sessionId" and w."createdAt" <= own."createdAt" and (w."createdAt" < own."createdAt" or w.id <= own.id))`.as('placeInLine'),
          sql<string | null>`null`.as('paymentDueBy'),
        ])
        .where('own.studentId', '=', p.studentId)
        .where('own.sessionId', 'in', idList(db, p.sessionIds)),
    ),
);

export function viewerPlacesRepository(db: Kysely<Database>) {
  return {
    /** The student's places on these sessions (none for a session they have no place on). */
    async placesOf(studentId: string, sessionIds: readonly string[], now: string): Promise<ViewerPlaceRow[]> {
      if (sessionIds.length === 0) return [];
      return (await placesFor(db, { studentId, sessionIds: JSON.stringify(sessionIds), now })).rows;
    },
  };
}
