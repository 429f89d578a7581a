import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { Roster } from '#web/features/bookings/public.ts';
import type { Session } from '#contract/sessions.ts';
import { CancelSessionDialog, OpenBadge, SessionBody, StatusBadge, useBookability, useSessionText, useTutorSession } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The tutor's (and admins') Session Details, with its status, Edit link and roster. */
export function TutorSessionDetailsPage() {
  const { t } = useTranslator();
  useTitle(t('tutorSession.title'));
  const { email = '', id = '' } = useParams();
  const session = useTutorSession(email, id);

  if (session.isPending) return <Spinner label={t('sessionForm.loading')} />;
  if (session.isError) return <LoadError message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
  return <TutorSessionDetails s={session.data} />;
}

function TutorSessionDetails({ s }: { s: Session }) {
  const { t } = useTranslator();
  const { formatClassTime, formatInstant } = useDateFormatters();
  const bookability = useBookability(s);
  const { feeText, ratingText, seatsText, durationText } = useSessionText();
  const [cancelling, setCancelling] = useState<Session | null>(null);
  // Called off only before class (the server says why otherwise; e.g. a tutor once students paid).
  const canCallOff = s.status === 'approved' && Date.parse(s.classStartDate) > Date.now();
  return (
    <section aria-labelledby="tutor-session-heading" className="flex flex-col gap-6">
      <h1 id="tutor-session-heading" className="text-3xl font-bold">
        {t('tutorSession.title')}
      </h1>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 text-2xl font-semibold break-words">{s.title}</h2>
            <div className="flex gap-2">
              <StatusBadge status={s.status} />
              {s.status === 'approved' && <OpenBadge ongoing={bookability.ongoing} />}
            </div>
          </div>
          <SessionBody
            session={s}
            meetingUrl={s.meetingUrl}
            facts={[
              { label: t('tutorSession.classTime'), value: formatClassTime(s.classStartDate, s.classEndDate, s.tutorTimeZone) },
              { label: t('tutorSession.registration'), value: bookability.label },
              { label: t('sessionForm.registrationStartDate'), value: formatInstant(s.registrationStartDate) },
              { label: t('sessionForm.registrationEndDate'), value: formatInstant(s.registrationEndDate) },
              { label: t('tutorSession.rating'), value: ratingText(s) },
              { label: t('tutorSession.duration'), value: durationText(s) },
              { label: t('tutorSession.seats'), value: seatsText(s) },
              { label: t('tutorSession.cutoff'), value: t('tutorSession.cutoffHours', { hours: s.cancellationCutoffHours }) },
              { label: t('tutorSession.fee'), value: t('sessionLists.fee', { fee: feeText(s.registrationFee) }) },
            ]}
          />
          <div className="flex flex-wrap gap-2">
            <Link to={`/dashboard/session/edit/${s.id}`} className="btn btn-primary btn-sm">
              {t('dashboardShell.edit')}
            </Link>
            {canCallOff && (
              <button type="button" className="btn btn-error btn-outline btn-sm" onClick={() => setCancelling(s)}>
                {t('tutorSession.cancel')}
              </button>
            )}
          </div>
        </div>
      </div>
      {/* Attendance once class has started; a cancelled class has none. */}
      <Roster sessionId={s.id} takeAttendance={s.status === 'approved' && Date.parse(s.classStartDate) <= Date.now()} />
      <CancelSessionDialog session={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}
