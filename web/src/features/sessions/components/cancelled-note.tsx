import type { PublicSession } from '#contract/sessions.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** A cancelled session says so, with the reason its students were told. */
export function CancelledNote({ session }: { session: Pick<PublicSession, 'status' | 'cancellationReason'> }) {
  const { t } = useTranslator();
  if (session.status !== 'cancelled') return null;
  return (
    <div role="note" className="alert alert-warning alert-soft flex-col items-start" data-testid="cancelled-note">
      <p>
        <strong>{t('sessionDetails.cancelled')}</strong>
      </p>
      {session.cancellationReason && (
        <p className="break-words">
          <strong>{t('sessionDetails.reason')}</strong> {session.cancellationReason}
        </p>
      )}
    </div>
  );
}
