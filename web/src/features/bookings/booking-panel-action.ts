// The booking panel's forms (book, pay for a held seat, join or leave the waitlist), as the action
// of the page that shows the panel (app/pages/session-details-page.tsx), the same whether the app,
// the browser before it is live, or a browser without JavaScript sends them
// (docs/decisions/041-pages-loaders-actions.md).
import { data, redirectDocument } from 'react-router';
import { bookSessionBody, MAX_ATTENDEES } from '#contract/bookings.ts';
import { formBody, formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { bookSeries } from './api/book-series.ts';
import { bookSession } from './api/use-book-session.ts';
import { joinWaitlist } from './api/use-join-waitlist.ts';
import { leaveWaitlist } from './api/leave-waitlist.ts';
import { invalidateBookings } from './api/invalidate-bookings.ts';

export type BookingIntent = 'book' | 'group' | 'join' | 'leave' | 'series';

/** The group form's fields (components/booking-panel.tsx): attendee N's name and email. */
export const attendeeField = (n: number, part: 'name' | 'email') => `attendee${n}${part === 'name' ? 'Name' : 'Email'}`;

/**
 * The group form's body: a line for each attendee row with anything typed (a row left empty is
 * no seat), and the booker's choice for when seats are short (docs/decisions/061-group-bookings.md).
 */
export function groupBookingBody(form: Record<string, string>, sessionId: string) {
  const attendees = Array.from({ length: MAX_ATTENDEES }, (_, i) => ({ name: form[attendeeField(i + 1, 'name')] ?? '', email: form[attendeeField(i + 1, 'email')] ?? '' })).filter((a) => a.name.trim() !== '' || a.email.trim() !== '');
  return formBody(bookSessionBody, { sessionId, attendees, ifShort: form.ifShort === 'takeFree' ? 'takeFree' : 'wait' });
}

/**
 * Done: the session's page again, which shows where the visitor stands and says so once; a paid
 * booking goes on to the payment page the API named. Refused: the page again saying why.
 */
export async function bookingPanelAction(request: Request, sessionId: string) {
  const form = formText(await request.formData());
  const intent = form.intent as BookingIntent | undefined;
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
      case 'group': {
        const body = groupBookingBody(form, sessionId);
        const entry = await bookSession(sessionId, { attendees: body.attendees, ifShort: body.ifShort });
        await invalidateBookings(queryClient);
        if (entry.checkoutUrl) return redirectDocument(entry.checkoutUrl, 303);
        // Not all its seats were free and the booker chose to wait for them.
        return sentOn(page, entry.status === 'waitlisted' ? 'booking.joined' : 'booking.booked');
      }
      case 'series': {
        // This class and the rest of its series (docs/decisions/064-series.md): the paid classes
        // held are paid together, on the one payment page the API named.
        const result = await bookSeries(form.seriesId ?? '', sessionId);
        await invalidateBookings(queryClient);
        return result.checkoutUrl ? redirectDocument(result.checkoutUrl, 303) : sentOn(page, 'booking.seriesBooked', `${result.booked}/${result.waitlisted}`);
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
