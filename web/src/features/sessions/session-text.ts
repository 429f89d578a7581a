// How a session's numbers read on screen (fee, rating, seats), the same on every page.
import type { Session } from '#contract/sessions.ts';

/** "$15", "$12.50", or "Free" for 0. */
export function feeText(fee: number): string {
  if (fee === 0) return 'Free';
  return `$${Number.isInteger(fee) ? fee : fee.toFixed(2)}`;
}

/** "Average rating: 4.5 (2 reviews)" or "No ratings yet". */
export function ratingText(session: Pick<Session, 'averageRating' | 'reviewCount'>): string {
  if (session.averageRating === null || session.reviewCount === 0) return 'No ratings yet';
  const reviews = `${session.reviewCount} review${session.reviewCount === 1 ? '' : 's'}`;
  return `Average rating: ${session.averageRating} (${reviews})`;
}

/** "5 of 12 seats taken", or "No seat limit". */
export function seatsText(session: Pick<Session, 'maxParticipants' | 'seatsTaken'>): string {
  if (session.maxParticipants === null) return 'No seat limit';
  return `${session.seatsTaken} of ${session.maxParticipants} seats taken`;
}

export const statusLabel: Record<Session['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};
