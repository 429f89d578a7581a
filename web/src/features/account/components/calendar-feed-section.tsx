import type { FormEvent } from 'react';
import { Form, useSubmit } from 'react-router';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { useCalendarFeed } from '#web/features/account/api/use-calendar-feed.ts';
import { SettingsCardSection, useSending } from '#web/features/account/components/settings-form.tsx';
import { confirmAction } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * The private calendar feed: a webcal:// link that calendar apps subscribe to, with
 * the sessions the user booked or teaches; moved classes move, cancelled ones say so. A new link
 * makes the old one stop working: with the app live, it asks first.
 */
export function CalendarFeedSection() {
  const { t } = useTranslator();
  const feed = useCalendarFeed();
  const submit = useSubmit();
  const sending = useSending('calendar-feed');
  const hasLink = feed.data?.url != null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hasLink) return;
    event.preventDefault();
    void (async () => {
      const confirmed = await confirmAction({ title: t('settings.calendarRenewTitle'), text: t('settings.calendarRenewText'), confirmButtonText: t('settings.calendarRenewConfirm') });
      if (confirmed) await submit({ intent: 'calendar-feed' }, { method: 'post' });
    })();
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
              <input id="calendar-feed-url" type="text" className="input input-bordered w-full font-mono text-sm" readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} />
            </div>
          )}
          <Form method="post" onSubmit={handleSubmit}>
            <NoScriptField />
            <RefusalMessage title={t('settings.calendarFailed')} intent="calendar-feed" />
            <button type="submit" name="intent" value="calendar-feed" className={`btn ${hasLink ? 'btn-outline' : 'btn-primary'}`} disabled={sending}>
              {sending ? t('settings.calendarMaking') : hasLink ? t('settings.calendarRenew') : t('settings.calendarMake')}
            </button>
          </Form>
        </>
      )}
    </SettingsCardSection>
  );
}
