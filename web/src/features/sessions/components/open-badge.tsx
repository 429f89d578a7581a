import type { Session } from '#contract/sessions.ts';

/**
 * PRODUCT.md §4: approved with the registration window open now → green "Ongoing"; anything
 * else → red "Closed". `as="button"` is the card's status button of spec §2 (informational).
 */
export function OpenBadge({ session, as = 'badge' }: { session: Pick<Session, 'isOpen'>; as?: 'badge' | 'button' }) {
  const label = session.isOpen ? 'Ongoing' : 'Closed';
  if (as === 'button') {
    return (
      <span className={`btn btn-sm pointer-events-none ${session.isOpen ? 'btn-success' : 'btn-error'}`} aria-label={`Registration: ${label}`}>
        {label}
      </span>
    );
  }
  return <span className={`badge ${session.isOpen ? 'badge-success' : 'badge-error'}`}>{label}</span>;
}
