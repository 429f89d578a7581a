import { Link, useSearchParams } from 'react-router';
import { JOB_STATES, RETRYABLE_JOB_STATES, type AdminJob, type JobCounts, type JobState } from '#contract/admin-jobs.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { useJobs } from '#web/features/jobs/api/use-jobs.ts';
import { useRetryJob } from '#web/features/jobs/api/use-retry-job.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { runWithDialogs } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';

const STATE_LABELS: Record<JobState, string> = { queued: 'Queued', running: 'Running', failed: 'Failed', dead: 'Dead' };
const STATE_BADGES: Record<JobState, string> = { queued: 'badge-info', running: 'badge-primary', failed: 'badge-warning', dead: 'badge-error' };
const EMPTY: Record<JobState | '', string> = {
  '': 'No background jobs: everything has been done.',
  queued: 'No job is waiting for its first try.',
  running: 'No job is running now.',
  failed: 'No job is waiting to be tried again.',
  dead: 'No job has given up.',
};

const isState = (value: string): value is JobState => (JOB_STATES as readonly string[]).includes(value);

/**
 * Admin: the background work (emails, scheduled jobs) by state, with "Retry now" for a job that
 * failed or gave up (issue 16, docs/decisions/017-durable-jobs.md). The state lives in the URL
 * (`?state=dead`): the filters are plain links and "Retry now" a form's button, both working before
 * the app is live.
 */
export function BackgroundJobsPage() {
  useTitle('Background Jobs');
  const [params] = useSearchParams();
  const stateParam = params.get('state') ?? '';
  const state: JobState | '' = isState(stateParam) ? stateParam : '';
  const jobs = useJobs(state);
  const items = pagedItems(jobs);
  const counts = jobs.data?.pages[0]?.counts;

  return (
    <PageSection title="Background Jobs" headingId="jobs-heading">
      <p className="text-base-content/70">Emails and scheduled work. A failed job is tried again by itself; a dead one gave up and waits for you.</p>
      <StateFilter current={state} counts={counts} />
      <PagedListState query={jobs} loadingLabel="Loading jobs" empty={EMPTY[state]}>
        <ul className="flex flex-col gap-3">
          {items.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      </PagedListState>
    </PageSection>
  );
}

function StateFilter({ current, counts }: { current: JobState | ''; counts: JobCounts | undefined }) {
  const total = counts && JOB_STATES.reduce((sum, state) => sum + counts[state], 0);
  const tabs: Array<{ state: JobState | ''; label: string; count: number | undefined }> = [
    { state: '', label: 'All', count: total },
    ...JOB_STATES.map((state) => ({ state, label: STATE_LABELS[state], count: counts?.[state] })),
  ];
  return (
    <nav aria-label="Job states">
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
  const { formatDate, formatTime } = useDateFormatters();
  const retry = useRetryJob();
  const title = job.summary ?? job.kind;
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(new Date(iso))}`;

  function handleRetry() {
    return runWithDialogs(() => retry.mutateAsync(job.id), { success: 'Job queued to run now' });
  }

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="job-row">
      <div className="card-body gap-2 p-4 md:flex-row md:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="font-semibold break-words">{title}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className={`badge badge-sm ${STATE_BADGES[job.state]}`}>{STATE_LABELS[job.state]}</span>
            <span className="font-mono text-base-content/70 break-all">{job.kind}</span>
            {job.recurring && <span className="text-base-content/70">recurring</span>}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">Attempts</dt>
            <dd>
              {job.attempts} of {job.maxAttempts}
            </dd>
            <dt className="text-base-content/70">Next try</dt>
            <dd>{job.nextTryAt ? when(job.nextTryAt) : job.state === 'running' ? 'Running now' : 'None: it gave up'}</dd>
            {job.lastError && (
              <>
                <dt className="text-base-content/70">Last error</dt>
                <dd className="font-mono break-all">{job.lastError}</dd>
              </>
            )}
          </dl>
        </div>
        {RETRYABLE_JOB_STATES.includes(job.state) && (
          // A form's button (decision 018): sent before the app is live, the server retries it (page-forms).
          <form
            method="post"
            className="self-start"
            onSubmit={(event) => {
              event.preventDefault();
              void handleRetry();
            }}
          >
            <NoScriptField />
            <input type="hidden" name="job" value={job.id} />
            <button type="submit" name="intent" value="retry" className="btn btn-sm btn-primary" aria-label={`Retry now: ${title}`} disabled={retry.isPending}>
              Retry now
            </button>
          </form>
        )}
      </div>
    </li>
  );
}
