import type { FormEvent } from 'react';
import { useCalendarFeed, useRenewCalendarFeed } from '#web/features/account/api/use-calendar-feed.ts';
import { SettingsCardSection } from '#web/features/account/components/settings-form.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { confirmAction, showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * The private calendar feed: a webcal:// link that calendar apps subscribe to, with
 * the sessions the user booked or teaches; moved classes move, cancelled ones say so. A new link
 * makes the old one stop working. Sent before the app is live, the form goes to its page's own
 * address (server/http/page-forms.ts, intent "calendar-feed").
 */
export function CalendarFeedSection() {
  const { t } = useTranslator();
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const hasLink = feed.data?.url != null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasLink) {
      const confirmed = await confirmAction({ title: t('settings.calendarRenewTitle'), text: t('settings.calendarRenewText'), confirmButtonText: t('settings.calendarRenewConfirm') });
      if (!confirmed) return;
    }
    try {
      await renew.mutateAsync();
    } catch (error) {
      await showErrorDialog(t('settings.calendarFailed'), errorMessage(error));
      return;
    }
    await showSuccessToast(hasLink ? t('settings.calendarRenewed') : t('settings.calendarMade'));
  }

  return (
    <SettingsCardSection id="calendar" title={t('settings.calendarHeading')} lead={t('settings.calendarLead')} query={feed} loadingLabel={t('settings.calendarLoading')}>
      {() => (
        <>
          {feed.data?.url && feed.data.webcalUrl && (
            <div className="flex flex-col gap-2">
              <a href={feed.data.webcalUrl} className="btn btn-primary self-start">
                {t('settings.calendarSubscribe')}
              </a>
              <label htmlFor="calendar-feed-url" className="text-sm font-medium">
                {t('settings.calendarCopy')}
              </label>
              <input id="calendar-feed-url" className="input input-bordered w-full font-mono text-sm" readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} />
            </div>
          )}
          <form method="post" onSubmit={(event) => void handleSubmit(event)}>
            <NoScriptField />
            <button type="submit" name="intent" value="calendar-feed" className={`btn ${hasLink ? 'btn-outline' : 'btn-primary'}`} disabled={renew.isPending}>
              {renew.isPending ? t('settings.calendarMaking') : hasLink ? t('settings.calendarRenew') : t('settings.calendarMake')}
            </button>
          </form>
        </>
      )}
    </SettingsCardSection>
  );
}
