// The booking panel's forms (book, pay for a held seat, join or leave the waitlist), as the action
// of the page that shows the panel (app/pages/session-details-page.tsx), the same whether the app,
// the browser before it is live, or a browser without JavaScript sends them
// (docs/decisions/041-pages-loaders-actions.md).
import { data, redirectDocument } from 'react-router';
import { formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { bookSession } from './api/use-book-session.ts';
import { joinWaitlist } from './api/use-join-waitlist.ts';
import { leaveWaitlist } from './api/leave-waitlist.ts';
import { invalidateBookings } from './api/invalidate-bookings.ts';

export type BookingIntent = 'book' | 'join' | 'leave';

/**
 * Done: the session's page again, which shows where the visitor stands and says so once; a paid
 * booking goes on to the payment page the API named. Refused: the page again saying why.
 */
export async function bookingPanelAction(request: Request, sessionId: string) {
  const intent = formText(await request.formData()).intent as BookingIntent | undefined;
  const page = `/session/${encodeURIComponent(sessionId)}`;
  const queryClient = pageQueryClient();
  try {
    switch (intent) {
      case 'book': {
        const { checkoutUrl } = await bookSession(sessionId);
        await invalidateBookings(queryClient);
        // A paid session: its seat is held, and the booking is made once the payment is seen.
        return checkoutUrl ? redirectDocument(checkoutUrl, 303) : sentOn(page, 'booking.booked');
      }
      case 'join':
        await joinWaitlist(sessionId);
        await invalidateBookings(queryClient);
        return sentOn(page, 'booking.joined');
      case 'leave':
        await leaveWaitlist(sessionId);
        await invalidateBookings(queryClient);
        return sentOn(page, 'booking.left');
      default:
        return data(null, { status: 400 });
    }
  } catch (error) {
    await invalidateBookings(queryClient);
    return refused(error, intent);
  }
}
