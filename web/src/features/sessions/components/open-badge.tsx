/**
 * Green "Ongoing" while the session can be booked (or waited for) now, else red
 * "Closed": from the session's one bookability state (use-bookability.ts), so that it never
 * contradicts the booking button. `as="button"` is the card's status button
 * (informational).
 */
import { useTranslator } from '#web/lib/i18n.ts';

export function OpenBadge({ ongoing, as = 'badge' }: { ongoing: boolean; as?: 'badge' | 'button' }) {
  const { t } = useTranslator();
  const label = ongoing ? t('bookability.ongoing') : t('bookability.closed');
  if (as === 'button') {
    return (
      // Its full words as text for screen readers: a name given with aria-label is not allowed on a
      // <span>, which has no role (ARIA in HTML), and some readers skip it.
      <span className={`btn btn-sm pointer-events-none ${ongoing ? 'btn-success' : 'btn-error'}`}>
        <span className="sr-only">{t('bookability.badgeLabel', { state: label })}</span>
        <span aria-hidden="true">{label}</span>
      </span>
    );
  }
  return <span className={`badge ${ongoing ? 'badge-success' : 'badge-error'}`}>{label}</span>;
}
