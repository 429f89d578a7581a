import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { useMe } from '#web/features/auth/public.ts';
import { CalendarFeedSection } from '#web/features/account/components/calendar-feed-section.tsx';
import { ChangePasswordForm } from '#web/features/account/components/change-password-form.tsx';
import { LanguageForm } from '#web/features/account/components/language-form.tsx';
import { MyDataSection } from '#web/features/account/components/my-data-section.tsx';
import { NotificationSettingsForm } from '#web/features/account/components/notification-settings-form.tsx';
import { TutorBioForm } from '#web/features/account/components/tutor-bio-form.tsx';
import { ProfileForm } from '#web/features/account/components/profile-form.tsx';

/** Account settings: name, photo, password, which optional emails come, the calendar feed, my data, the language. */
export function SettingsPage() {
  const { t } = useTranslator();
  useTitle(t('settings.title'));
  const { user } = useMe();
  if (!user) return null; // The dashboard layout renders pages only once the user is known.

  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('settings.title')}</h1>
      {/* Keyed by user so that the form starts from the saved values after an update. */}
      <ProfileForm key={`${user.name}|${user.image ?? ''}`} user={user} />
      {user.role === 'tutor' && <TutorBioForm tutorId={user.id} />}
      <ChangePasswordForm />
      <LanguageForm />
      <NotificationSettingsForm role={user.role} />
      <CalendarFeedSection />
      <MyDataSection role={user.role} />
    </section>
  );
}
