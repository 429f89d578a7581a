import type { FormEvent } from 'react';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useCalendarFeed, useRenewCalendarFeed } from '#web/features/account/api/use-calendar-feed.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { confirmAction, showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * The private calendar feed (issue 19): a webcal:// link that calendar apps subscribe to, with
 * the sessions the user booked or teaches; moved classes move, cancelled ones say so. A new link
 * makes the old one stop working. Sent before the app is live, the form goes to its page's own
 * address (server/http/page-forms.ts, intent "calendar-feed").
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const hasLink = feed.data?.url != null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasLink) {
      const confirmed = await confirmAction({
        title: 'Make a new calendar link?',
        text: 'The current link stops working: calendars subscribed to it stop updating until you subscribe to the new one.',
        confirmButtonText: 'Yes, make a new link',
      });
      if (!confirmed) return;
    }
    try {
      await renew.mutateAsync();
    } catch (error) {
      await showErrorDialog('Could not make a calendar link', errorMessage(error));
      return;
    }
    await showSuccessToast(hasLink ? 'New calendar link made' : 'Calendar link made');
  }

  return (
    <section id="calendar" aria-labelledby="calendar-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="calendar-heading" className="card-title">
          Calendar subscription
        </h2>
        <p className="text-sm text-base-content/70">
          Subscribe to your sessions in Google Calendar, Outlook or Apple Calendar: classes you book or teach appear there, move when their time changes and are marked when called off. Keep the link private: anyone who has it sees your sessions.
        </p>
        {feed.isPending ? (
          <Spinner label="Loading your calendar link" />
        ) : feed.isError ? (
          <LoadError message={errorMessage(feed.error)} onRetry={() => void feed.refetch()} />
        ) : (
          <>
            {feed.data.url && feed.data.webcalUrl && (
              <div className="flex flex-col gap-2">
                <a href={feed.data.webcalUrl} className="btn btn-primary self-start">
                  Subscribe in my calendar app
                </a>
                <label htmlFor="calendar-feed-url" className="text-sm font-medium">
                  Or copy this address into your calendar app (“Add calendar from URL”):
                </label>
                <input id="calendar-feed-url" className="input input-bordered w-full font-mono text-sm" readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} />
              </div>
            )}
            <form method="post" onSubmit={(event) => void handleSubmit(event)}>
              <NoScriptField />
              <button type="submit" name="intent" value="calendar-feed" className={`btn ${hasLink ? 'btn-outline' : 'btn-primary'}`} disabled={renew.isPending}>
                {renew.isPending ? 'Making the link…' : hasLink ? 'Make a new link (the old one stops working)' : 'Make my calendar link'}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
