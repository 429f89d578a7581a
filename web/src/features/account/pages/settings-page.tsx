import { type ActionFunctionArgs, data } from 'react-router';
import { changePasswordBody } from '#contract/auth.ts';
import { deleteMyAccountBody } from '#contract/my-data.ts';
import { updateNotificationSettingsBody } from '#contract/notifications.ts';
import { updateTutorBioBody } from '#contract/sessions.ts';
import { updateMeBody, updateTimeZoneBody } from '#contract/users.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { ApiError, whileSigningOut } from '#web/lib/api-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, pageQueryClient, refused, refusedBecause, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { changePassword } from '#web/features/account/api/change-password.ts';
import { deleteMyAccount } from '#web/features/account/api/delete-my-account.ts';
import { setTimeZone, timeZonesQuery } from '#web/features/account/api/set-time-zone.ts';
import { updateProfile } from '#web/features/account/api/update-profile.ts';
import { calendarFeedQuery, renewCalendarFeed } from '#web/features/account/api/use-calendar-feed.ts';
import { notificationSettingsQuery, updateNotificationSettings } from '#web/features/account/api/use-notification-settings.ts';
import { saveTutorBio, tutorBioQuery } from '#web/features/account/api/use-tutor-bio.ts';
import { CalendarFeedSection } from '#web/features/account/components/calendar-feed-section.tsx';
import { ChangePasswordForm } from '#web/features/account/components/change-password-form.tsx';
import { LanguageForm } from '#web/features/account/components/language-form.tsx';
import { MyDataSection } from '#web/features/account/components/my-data-section.tsx';
import { NotificationSettingsForm } from '#web/features/account/components/notification-settings-form.tsx';
import type { SettingsIntent } from '#web/features/account/components/settings-form.tsx';
import { TimeZoneForm } from '#web/features/account/components/time-zone-form.tsx';
import { TutorBioForm } from '#web/features/account/components/tutor-bio-form.tsx';
import { ProfileForm } from '#web/features/account/components/profile-form.tsx';

const SETTINGS = '/dashboard/settings';

/** The fields under which each form says the server's messages; a refusal naming none of them is said for the whole form. */
const FIELDS_SHOWN: Record<SettingsIntent, readonly string[]> = {
  profile: ['name'],
  bio: ['bio'],
  'time-zone': ['timeZone'],
  password: ['currentPassword', 'newPassword'],
  notifications: [],
  'calendar-feed': [],
  'delete-account': [],
};

/** `error` as the form of `intent` can say it: its message alone when it names no field the form shows. */
function sayable(error: unknown, intent: SettingsIntent | undefined): unknown {
  if (!(error instanceof ApiError) || !error.fields || !intent) return error;
  const shown = FIELDS_SHOWN[intent] ?? [];
  return Object.keys(error.fields).some((field) => shown.includes(field)) ? error : new ApiError(error.status, error.message);
}

/** The signed-in user (the dashboard's guard has read it), then what the cards show: the zones, optional emails, the calendar link, a tutor's bio. */
export async function loader() {
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  await Promise.all([
    queryClient.ensureQueryData(timeZonesQuery),
    queryClient.prefetchQuery(notificationSettingsQuery),
    queryClient.prefetchQuery(calendarFeedQuery),
    me?.role === 'tutor' ? queryClient.prefetchQuery(tutorBioQuery) : null,
  ]);
  return null;
}

/**
 * Settings' seven forms, told apart by the button that sent them (`intent`). Saved: Settings
 * again, which says so once (a deleted account: Home, signed out); refused: the page again with
 * the API's 4xx and its reason in the form that was sent, what was typed kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = formText(form);
  const intent = fields.intent as SettingsIntent | undefined;
  const queryClient = pageQueryClient();
  try {
    switch (intent) {
      case 'profile': {
        // Sent without the app, a chosen photo is only its file name: uploading it needs the app.
        if (fields.image) return refusedBecause('register.photoNeedsApp', intent);
        const saved = await updateProfile(formBody(updateMeBody, { name: fields.name?.trim() ?? '', ...(fields.imageUrl ? { image: fields.imageUrl } : {}) }));
        queryClient.setQueryData(meQuery.queryKey, saved);
        return sentOn(SETTINGS, 'settings.profileSaved');
      }
      case 'bio':
        queryClient.setQueryData(tutorBioQuery.queryKey, await saveTutorBio(formBody(updateTutorBioBody, { bio: fields.bio ?? '' }).bio));
        return sentOn(SETTINGS, 'settings.bioSaved');
      case 'time-zone': {
        // The first choice, none: forget the zone (pages follow the device, emails say UTC).
        queryClient.setQueryData(meQuery.queryKey, await setTimeZone(formBody(updateTimeZoneBody, { timeZone: fields.timeZone || null })));
        return sentOn(SETTINGS, 'settings.timeZoneSaved');
      }
      case 'notifications': {
        // The switches the form had (`shown`): a switch left off is not sent at all.
        const body = Object.fromEntries(form.getAll('shown').map((kind) => [String(kind), form.has(String(kind))]));
        queryClient.setQueryData(notificationSettingsQuery.queryKey, await updateNotificationSettings(formBody(updateNotificationSettingsBody, body)));
        return sentOn(SETTINGS, 'settings.notificationsSaved');
      }
      case 'calendar-feed': {
        const before = await queryClient.ensureQueryData(calendarFeedQuery);
        queryClient.setQueryData(calendarFeedQuery.queryKey, await renewCalendarFeed());
        return sentOn(`${SETTINGS}#calendar`, before.url ? 'settings.calendarRenewed' : 'settings.calendarMade');
      }
      case 'password':
        await changePassword(formBody(changePasswordBody, { currentPassword: fields.currentPassword ?? '', newPassword: fields.newPassword ?? '', revokeOtherSessions: form.has('revokeOtherSessions') }));
        return sentOn(SETTINGS, 'settings.passwordChanged');
      case 'delete-account':
        // The account's sessions end with it: a 401 from what the page still shows meanwhile is
        // not a reason to go to the login page.
        await whileSigningOut(() => deleteMyAccount(formBody(deleteMyAccountBody, { password: fields.password ?? '' })));
        queryClient.setQueryData(meQuery.queryKey, null);
        return sentOn('/', 'settings.deleted');
      default:
        return data(null, { status: 400 });
    }
  } catch (error) {
    return refused(sayable(error, intent), intent);
  }
}

/** Account settings: name, photo, password, the language and time zone, which optional emails come, the calendar feed, my data. */
export function SettingsPage() {
  const { t } = useTranslator();
  useTitle(t('settings.title'));
  const { user } = useMe();
  if (!user) return null; // The dashboard layout renders pages only once the user is known.

  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('settings.title')}</h1>
      {/* Keyed by the saved profile: drawn again from it once saved, never when another form is. */}
      <ProfileForm key={`${user.name}|${user.image ?? ''}`} user={user} />
      {/* Only tutors have a bio: a bio sent by anyone else is refused, and said here. */}
      {user.role === 'tutor' ? <TutorBioForm tutorId={user.id} /> : <RefusalMessage title={t('settings.bioFailed')} intent="bio" />}
      <ChangePasswordForm />
      <LanguageForm />
      <TimeZoneForm key={user.timeZone ?? ''} current={user.timeZone} />
      <NotificationSettingsForm role={user.role} />
      <CalendarFeedSection />
      <MyDataSection role={user.role} />
    </section>
  );
}
