import type { ComponentProps } from 'react';
import type { PublicSession } from '#contract/sessions.ts';
import { FactList } from '#web/components/fact-list.tsx';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePersonName } from '#web/lib/person-name.ts';
import { CancelledNote } from './cancelled-note.tsx';
import { PlaceText } from './place-text.tsx';
import { RejectionNote } from './session-row-title.tsx';

type Facts = ComponentProps<typeof FactList>['facts'];

/**
 * What a session's page (a student's, the tutor's) says below its heading: why it was rejected
 * (to its tutor and admins), whether it was called off, its description, and its facts, the tutor and the place first, then the page's own.
 */
export function SessionBody({ session, meetingUrl, facts }: { session: PublicSession; meetingUrl: string | null; facts: Facts }) {
  const { t } = useTranslator();
  const personName = usePersonName();
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
        ]}
      />
    </>
  );
}
