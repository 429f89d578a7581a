import { useState } from 'react';
import { Link, type LoaderFunctionArgs, useLocation, useParams } from 'react-router';
import { authConfigQuery } from '#web/features/auth/public.ts';
import { Roster, rosterQuery } from '#web/features/bookings/public.ts';
import type { Session } from '#contract/sessions.ts';
import { CancelSeriesDialog, CancelSessionDialog, DecisionButton, OpenBadge, SessionBody, StatusBadge, tutorSessionQuery, useAskedDecision, useBookability, useSessionText, useTutorSession } from '#web/features/sessions/public.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { tutorSessionAction } from './tutor-session-action.ts';

/**
 * The session (or the 404 page: no such session of this tutor; 403, another tutor's), the config
 * (its fee's currency) and its roster (prefetched: a part that cannot be read is drawn loading).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const id = params.id ?? '';
  await orNotFound(() => queryClient.ensureQueryData(tutorSessionQuery(params.email ?? '', id)));
  await Promise.all([queryClient.prefetchQuery(authConfigQuery), queryClient.prefetchInfiniteQuery(rosterQuery(id))]);
  return null;
}

export const action = tutorSessionAction;

/** The tutor's (and admins') Session Details, with its status, Edit and Reschedule links, and roster. */
export function TutorSessionDetailsPage() {
  const { t } = useTranslator();
  useTitle(t('tutorSession.title'));
  const { email = '', id = '' } = useParams();
  // Read by the loader: here at once.
  const session = useTutorSession(email, id).data;
  return session ? <TutorSessionDetails s={session} /> : null;
}

function TutorSessionDetails({ s }: { s: Session }) {
  const { t } = useTranslator();
  const { formatClassTime, formatInstant } = useDateFormatters();
  const bookability = useBookability(s);
  const { feeText, ratingText, seatsText, durationText } = useSessionText();
  // Called off or moved only before class (the server says why otherwise; e.g. a tutor once
  // students paid). A pending or rejected session's dates are changed with Edit.
  const beforeApprovedClass = s.status === 'approved' && Date.parse(s.classStartDate) > Date.now();
  // A booked session's Delete (Manage Sessions) leads here, to Cancel session, already asked.
  const askedToCancel = (useLocation().state as { cancelSession?: boolean } | null)?.cancelSession === true;
  const [cancelling, setCancelling] = useState<Session | null>(askedToCancel && beforeApprovedClass ? s : null);
  // A class of a weekly series: it and every later class called off at once (docs/decisions/064-series.md).
  const [cancellingSeries, setCancellingSeries] = useState<Session | null>(null);
  // Call off asked by address (its button sent without JavaScript): its form drawn in the page.
  const asked = useAskedDecision();
  const askedToCallOff = asked.decision === 'cancel' && asked.sessionId === s.id && beforeApprovedClass ? s : null;
  const inSeries = beforeApprovedClass && s.seriesId !== null;
  const askedToCallOffSeries = asked.decision === 'cancelSeries' && asked.sessionId === s.id && inSeries ? s : null;
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
            {beforeApprovedClass && (
              <>
                <Link to={`/dashboard/session/reschedule/${encodeURIComponent(s.id)}`} className="btn btn-primary btn-outline btn-sm">
                  {t('tutorSession.reschedule')}
                </Link>
                <DecisionButton decision="cancel" session={s} onOpen={setCancelling} className="btn btn-error btn-outline btn-sm">
                  {t('tutorSession.cancel')}
                </DecisionButton>
                {inSeries && (
                  <DecisionButton decision="cancelSeries" session={s} onOpen={setCancellingSeries} className="btn btn-error btn-outline btn-sm">
                    {t('tutorSession.cancelSeries')}
                  </DecisionButton>
                )}
              </>
            )}
          </div>
        </div>
      </div>
      <CancelSessionDialog session={cancelling} onClose={() => setCancelling(null)} asked={askedToCallOff} />
      <CancelSeriesDialog session={cancellingSeries} onClose={() => setCancellingSeries(null)} asked={askedToCallOffSeries} />
      {/* Attendance once class has started; a cancelled class has none. */}
      <Roster sessionId={s.id} takeAttendance={s.status === 'approved' && Date.parse(s.classStartDate) <= Date.now()} />
    </section>
  );
}
