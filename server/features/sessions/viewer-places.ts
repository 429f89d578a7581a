// A signed-in student's own place on the sessions of a public list page: the list
// itself stays the shared, cached one (public-list-cache.ts); each item gains `mine` from one
// more query over the page's ids (viewer-places-repository.ts), so a card says "You are booked",
// "On the waitlist (#2)" or "Seat held until …" from the same bookability state as the session's page.
import type { PublicSessionPage } from '#contract/sessions.ts';
import type { ViewerPlace } from '#contract/viewer-place.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { Db } from '#server/db/database.ts';
import { viewerPlacesRepository } from './viewer-places-repository.ts';

/** The page with the student's own place on each session (`mine`, null for none). Never cached: it is theirs. */
export async function withViewerPlaces(db: Db, student: CurrentUser, page: PublicSessionPage, now: Date): Promise<PublicSessionPage> {
  const rows = await viewerPlacesRepository(db.kysely).placesOf(student.id, page.items.map((item) => item.id), now.toISOString());
  const places = new Map<string, ViewerPlace>(rows.map(({ sessionId, ...place }) => [sessionId, { ...place, placeInLine: place.placeInLine === null ? null : Number(place.placeInLine) }]));
  return { ...page, items: page.items.map((item) => ({ ...item, mine: places.get(item.id) ?? null })) };
}
