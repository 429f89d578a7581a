import { Link } from 'react-router';
import { TUTOR_BIO_MAX } from '#contract/sessions.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useTutorBio } from '#web/features/account/api/use-tutor-bio.ts';
import { SettingsCardForm, useFieldErrors } from '#web/features/account/components/settings-form.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** A tutor's short bio, shown on their public page (/tutors/:id). */
export function TutorBioForm({ tutorId }: { tutorId: string }) {
  const { t } = useTranslator();
  const bio = useTutorBio();
  const errors = useFieldErrors('bio');

  return (
    <SettingsCardForm title={t('settings.bioHeading')} headingId="tutor-bio-heading" intent="bio" label={t('settings.bioSave')} failed={t('settings.bioFailed')}>
      <p className="text-sm text-base-content/70">
        {t('settings.bioLeadBefore')}{' '}
        <Link to={`/tutors/${tutorId}`} className="link">
          {t('settings.bioLeadLink')}
        </Link>
        {t('settings.bioLeadAfter')}
      </p>
      <QueryState query={bio} loadingLabel={t('settings.bioLoading')}>
        {/* Keyed by the saved bio: drawn again from it once saved, never when another form is. */}
        {() => <TextAreaField key={bio.data} label={t('settings.bio')} name="bio" maxLength={TUTOR_BIO_MAX} rows={4} defaultValue={bio.data} error={errors.bio} />}
      </QueryState>
    </SettingsCardForm>
  );
}
