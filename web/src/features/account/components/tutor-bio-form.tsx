import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { TUTOR_BIO_MAX } from '#contract/sessions.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useSaveTutorBio, useTutorBio } from '#web/features/account/api/use-tutor-bio.ts';
import { SettingsCardForm } from '#web/features/account/components/settings-form.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { fieldText } from '#web/lib/form-fields.ts';

/**
 * A tutor's short bio (issue 19), shown on their public page (/tutors/:id). Sent before the app
 * is live, the form goes to its page's own address (server/http/page-forms.ts, intent "bio").
 */
export function TutorBioForm({ tutorId }: { tutorId: string }) {
  const bio = useTutorBio();
  const save = useSaveTutorBio();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await save.mutateAsync(fieldText(new FormData(event.currentTarget), 'bio'));
    } catch (error) {
      await showErrorDialog('Saving your bio failed', error instanceof ApiError ? error.message : errorMessage(error));
      return;
    }
    await showSuccessToast('Bio saved');
  }

  return (
    <SettingsCardForm title="Your tutor profile" headingId="tutor-bio-heading" intent="bio" busy={save.isPending} label="Save bio" onSubmit={handleSubmit}>
      <p className="text-sm text-base-content/70">
        Students read it on{' '}
        <Link to={`/tutors/${tutorId}`} className="link">
          your public page
        </Link>
        , with your sessions and rating.
      </p>
      {bio.isPending ? (
        <Spinner label="Loading your bio" />
      ) : bio.isError ? (
        <LoadError message={errorMessage(bio.error)} onRetry={() => void bio.refetch()} />
      ) : (
        <TextAreaField key={bio.data} label="Bio" name="bio" maxLength={TUTOR_BIO_MAX} rows={4} defaultValue={bio.data} />
      )}
    </SettingsCardForm>
  );
}
