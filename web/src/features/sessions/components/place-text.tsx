import type { PublicSession } from '#contract/sessions.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * Where a class happens, for a page's facts: the place and its address, or "Online"
 * with the meeting link when the viewer may have it (booked, the tutor, admins), or "To be
 * announced"; null when its tutor has not said.
 */
export function PlaceText({ session, meetingUrl }: { session: Pick<PublicSession, 'locationKind' | 'placeName' | 'placeAddress'>; meetingUrl: string | null }) {
  const { t } = useTranslator();
  if (session.locationKind === 'in_person') {
    return (
      <span className="break-words">
        {session.placeName}
        {session.placeAddress && <span className="block text-base-content/70">{session.placeAddress}</span>}
      </span>
    );
  }
  if (session.locationKind === 'online') {
    if (!meetingUrl) return <span>{t('sessionDetails.onlineHidden')}</span>;
    return (
      <span className="break-all">
        {t('sessionDetails.online')}{' '}
        <a href={meetingUrl} className="link link-primary" target="_blank" rel="noopener noreferrer" data-testid="meeting-link">
          {meetingUrl}
        </a>
      </span>
    );
  }
  if (session.locationKind === 'tba') return <span>{t('sessionDetails.toBeAnnounced')}</span>;
  return null;
}
