import { type ActionFunctionArgs, data, Form, Link, type LoaderFunctionArgs, useNavigation, useSearchParams } from 'react-router';
import { JOB_STATES, RETRYABLE_JOB_STATES, type AdminJob, type JobCounts, type JobState } from '#contract/admin-jobs.ts';
import { PagedList } from '#web/components/filtered-list.tsx';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { jobKeys } from '#web/features/jobs/api/job-query-keys.ts';
import { jobsQuery, useJobs } from '#web/features/jobs/api/use-jobs.ts';
import { retryJob } from '#web/features/jobs/api/use-retry-job.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';

const stateLabels = ({ t }: Translator): Record<JobState, string> => ({ queued: t('jobs.queued'), running: t('jobs.running'), failed: t('jobs.failed'), dead: t('jobs.dead') });
const STATE_BADGES: Record<JobState, string> = { queued: 'badge-info', running: 'badge-primary', failed: 'badge-warning', dead: 'badge-error' };
const emptyTexts = ({ t }: Translator): Record<JobState | '', string> => ({
  '': t('jobs.noneAll'),
  queued: t('jobs.noneQueued'),
  running: t('jobs.noneRunning'),
  failed: t('jobs.noneFailed'),
  dead: t('jobs.noneDead'),
});

const isState = (value: string): value is JobState => (JOB_STATES as readonly string[]).includes(value);
/** The state the address asks for (`?state=dead`), every state when none or another word. */
const stateOf = (search: URLSearchParams): JobState | '' => {
  const state = search.get('state') ?? '';
  return isState(state) ? state : '';
};

const RETRY = 'retry';

/** What runs a job, in words (a kind this page does not know shows as it is stored). */
const KIND_NAMES: Record<string, (t: Translator['t']) => string> = {
  email: (t) => t('jobs.kind.email'),
  'bookings.expire-holds': (t) => t('jobs.kind.expireHolds'),
  'bookings.refund': (t) => t('jobs.kind.refund'),
  'bookings.class-reminders': (t) => t('jobs.kind.classReminders'),
  'uploads.remove-unreferenced': (t) => t('jobs.kind.removeUnusedUploads'),
  'auth.purge-expired': (t) => t('jobs.kind.purgeExpiredSignIns'),
  'webhook.delivery': (t) => t('jobs.kind.webhookDelivery'),
  'my-data.archive': (t) => t('jobs.kind.myDataArchive'),
  'my-data.remove-old-archives': (t) => t('jobs.kind.removeOldArchives'),
  'email.remove-old-sent': (t) => t('jobs.kind.removeOldSentEmails'),
};
/** Which email an email job sends, in words (the job's `email`, its template). */
const EMAIL_NAMES: Record<string, (t: Translator['t']) => string> = {
  'auth.existing-account': (t) => t('jobs.email.existingAccount'),
  'auth.password-link': (t) => t('jobs.email.passwordLink'),
  'auth.verify': (t) => t('jobs.email.verify'),
  'bookings.cancelled': (t) => t('jobs.email.bookingCancelled'),
  'bookings.confirmation': (t) => t('jobs.email.bookingConfirmed'),
  'bookings.reminder': (t) => t('jobs.email.classReminder'),
  'bookings.seat-held': (t) => t('jobs.email.seatHeld'),
  'bookings.tutor-notice': (t) => t('jobs.email.tutorNotice'),
  'my-data.archive-ready': (t) => t('jobs.email.archiveReady'),
  'sessions.approved': (t) => t('jobs.email.sessionApproved'),
  'sessions.cancelled': (t) => t('jobs.email.sessionCancelled'),
  'sessions.deleted': (t) => t('jobs.email.sessionDeleted'),
  'sessions.moved': (t) => t('jobs.email.sessionMoved'),
  'sessions.rejected': (t) => t('jobs.email.sessionRejected'),
};
const named = (t: Translator['t'], names: Record<string, (t: Translator['t']) => string>, id: string) => (Object.hasOwn(names, id) ? names[id]!(t) : id);

/** The jobs in the state the address asks for, first page, with the count of each state. */
export async function loader({ request }: LoaderFunctionArgs) {
  await pageQueryClient().prefetchInfiniteQuery(jobsQuery(stateOf(new URL(request.url).searchParams)));
  return null;
}

/**
 * "Retry now": the same list again (its ?state kept), which says "Job queued to run now";
 * refused (it ran meanwhile, it is running, not an admin), the page again saying why.
 */
export async function action({ request }: ActionFunctionArgs) {
  const fields = formText(await request.formData());
  if (fields.intent !== RETRY || !fields.job) return data(null, { status: 400 });
  const queryClient = pageQueryClient();
  try {
    await retryJob(fields.job);
  } catch (error) {
    return refused(error, RETRY);
  } finally {
    // Retried or not (it may have finished meanwhile), the lists are out of date.
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
  }
  const { search } = new URL(request.url);
  return sentOn(`/dashboard/background-jobs${search}`, 'jobs.retried');
}

/**
 * Admin: the background work (emails, scheduled jobs) by state, with "Retry now" for a job that
 * failed or gave up (docs/decisions/017-durable-jobs.md). The state lives in the URL
 * (`?state=dead`): the filters are plain links and "Retry now" a form's button through the route's action, both
 * working before the app is live and without it.
 */
export function BackgroundJobsPage() {
  const translator = useTranslator();
  const { t } = translator;
  useTitle(t('jobs.title'));
  const [params] = useSearchParams();
  const state = stateOf(params);
  const jobs = useJobs(state);
  const counts = jobs.data?.pages[0]?.counts;

  return (
    <PageSection title={t('jobs.title')} headingId="jobs-heading">
      <p className="text-base-content/70">{t('jobs.lead')}</p>
      {/* A refused "Retry now", said once for the list. */}
      <RefusalMessage title={t('dashboardShell.error')} intent={RETRY} />
      <StateFilter current={state} counts={counts} />
      <PagedList query={jobs} loadingLabel={t('jobs.loading')} empty={emptyTexts(translator)[state]}>
        {(job) => <JobRow key={job.id} job={job} />}
      </PagedList>
    </PageSection>
  );
}

function StateFilter({ current, counts }: { current: JobState | ''; counts: JobCounts | undefined }) {
  const translator = useTranslator();
  const labels = stateLabels(translator);
  const total = counts && JOB_STATES.reduce((sum, state) => sum + counts[state], 0);
  const tabs: Array<{ state: JobState | ''; label: string; count: number | undefined }> = [
    { state: '', label: translator.t('jobs.all'), count: total },
    ...JOB_STATES.map((state) => ({ state, label: labels[state], count: counts?.[state] })),
  ];
  return (
    <nav aria-label={translator.t('jobs.states')}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.state || 'all'}>
            <Link
              to={{ search: tab.state ? `?state=${tab.state}` : '' }}
              replace
              aria-current={tab.state === current ? 'page' : undefined}
              className={`btn btn-sm ${tab.state === current ? 'btn-primary' : 'btn-outline'}`}
            >
              {tab.label}
              {tab.count !== undefined && <span className="badge badge-sm">{tab.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function JobRow({ job }: { job: AdminJob }) {
  const translator = useTranslator();
  const { t } = translator;
  const { formatDate, formatTime } = useDateFormatters();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('job') === job.id;
  // What the job is about (an email's subject, else which email it is), else what runs it, in
  // words: each said once.
  const kind = named(t, KIND_NAMES, job.kind);
  const title = job.summary ?? (job.email === null ? kind : named(t, EMAIL_NAMES, job.email));
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(new Date(iso))}`;

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="job-row">
      <div className="card-body gap-2 p-4 md:flex-row md:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="font-semibold break-words">{title}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className={`badge badge-sm ${STATE_BADGES[job.state]}`}>{stateLabels(translator)[job.state]}</span>
            {title !== kind && <span className="text-base-content/70 break-all">{kind}</span>}
            {job.recurring && <span className="text-base-content/70">{t('jobs.recurring')}</span>}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">{t('jobs.attempts')}</dt>
            <dd>{t('jobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts })}</dd>
            <dt className="text-base-content/70">{t('jobs.lastRun')}</dt>
            <dd>{job.lastRunAt ? when(job.lastRunAt) : t('jobs.neverRun')}</dd>
            <dt className="text-base-content/70">{t('jobs.nextTry')}</dt>
            <dd>{job.nextTryAt ? when(job.nextTryAt) : job.state === 'running' ? t('jobs.runningNow') : t('jobs.gaveUp')}</dd>
            {job.lastError && (
              <>
                <dt className="text-base-content/70">{t('jobs.lastError')}</dt>
                <dd className="font-mono break-all">{job.lastError}</dd>
              </>
            )}
          </dl>
        </div>
        {RETRYABLE_JOB_STATES.includes(job.state) && (
          <Form method="post" className="self-start">
            <NoScriptField />
            <input type="hidden" name="job" value={job.id} />
            <button type="submit" name="intent" value={RETRY} className="btn btn-sm btn-primary" aria-label={t('jobs.retryLabel', { title })} disabled={busy}>
              {t('jobs.retry')}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}
