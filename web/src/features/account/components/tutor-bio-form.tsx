import { Link } from 'react-router';
import { TUTOR_BIO_MAX } from '#contract/sessions.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useSaveTutorBio, useTutorBio } from '#web/features/account/api/use-tutor-bio.ts';
import { SettingsCardForm, settingsSubmit } from '#web/features/account/components/settings-form.tsx';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * A tutor's short bio, shown on their public page (/tutors/:id). Sent before the app
 * is live, the form goes to its page's own address (server/http/page-forms.ts, intent "bio").
 */
export function TutorBioForm({ tutorId }: { tutorId: string }) {
  const { t } = useTranslator();
  const bio = useTutorBio();
  const save = useSaveTutorBio();

  const handleSubmit = settingsSubmit((fields) => save.mutateAsync(fieldText(fields, 'bio')), { failed: t('settings.bioFailed'), saved: t('settings.bioSaved') });

  return (
    <SettingsCardForm title={t('settings.bioHeading')} headingId="tutor-bio-heading" intent="bio" busy={save.isPending} label={t('settings.bioSave')} onSubmit={handleSubmit}>
      <p className="text-sm text-base-content/70">
        {t('settings.bioLeadBefore')}{' '}
        <Link to={`/tutors/${tutorId}`} className="link">
          {t('settings.bioLeadLink')}
        </Link>
        {t('settings.bioLeadAfter')}
      </p>
      <QueryState query={bio} loadingLabel={t('settings.bioLoading')}>
        {() => <TextAreaField key={bio.data} label={t('settings.bio')} name="bio" maxLength={TUTOR_BIO_MAX} rows={4} defaultValue={bio.data} />}
      </QueryState>
    </SettingsCardForm>
  );
}
