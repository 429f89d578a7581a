import type { ComponentProps } from 'react';
import type { PublicSession } from '#contract/sessions.ts';
import { FactList } from '#web/components/fact-list.tsx';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePersonName } from '#web/lib/person-name.ts';
import { CancelledNote } from './cancelled-note.tsx';
import { PlaceText } from './place-text.tsx';
import { RejectionNote } from './session-row-title.tsx';
import { useSessionText } from '../session-text.ts';

type Facts = ComponentProps<typeof FactList>['facts'];

/**
 * What a session's page (a student's, the tutor's) says below its heading: why it was rejected
 * (to its tutor and admins), whether it was called off, its description, and its facts, the tutor and the place first, then the page's own.
 */
export function SessionBody({ session, meetingUrl, facts }: { session: PublicSession; meetingUrl: string | null; facts: Facts }) {
  const { t } = useTranslator();
  const personName = usePersonName();
  const { minimumState } = useSessionText();
  const { formatInstant } = useDateFormatters();
  const state = minimumState(session);
  // A minimum to run: how many, when it is decided, and where it stands ("Needs 3 more to run").
  const minimum =
    session.minimumStudents !== null && session.decisionAt !== null
      ? [
          {
            label: t('sessionDetails.minimum'),
            value: (
              <>
                {t('sessionDetails.minimumValue', { minimum: session.minimumStudents, when: formatInstant(session.decisionAt) })}
                {state && (
                  <span className="block font-semibold" data-testid="session-minimum-state">
                    {state}
                  </span>
                )}
              </>
            ),
          },
        ]
      : [];
  return (
    <>
      <RejectionNote session={session} />
      <CancelledNote session={session} />
      <p className="whitespace-pre-line break-words">{session.description}</p>
      <FactList
        facts={[
          { label: t('sessionDetails.tutor'), value: personName(session.tutorName) },
          ...(session.locationKind ? [{ label: t('sessionDetails.where'), value: <PlaceText session={session} meetingUrl={meetingUrl} /> }] : []),
          ...facts,
          ...minimum,
        ]}
      />
    </>
  );
}
