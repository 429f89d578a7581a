import { useState } from 'react';
import { createSessionFormBody } from '#contract/session-form.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useCreateSession } from '#web/features/sessions/api/use-create-session.ts';
import { SessionForm } from '#web/features/sessions/components/session-form.tsx';
import { usePageSubmit } from '#web/components/use-page-submit.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Tutor: create a session. It starts pending and free until an admin approves it. */
export function CreateSessionPage() {
  const { t } = useTranslator();
  useTitle(t('sessionForm.createTitle'));
  const { user } = useMe();
  const createSession = useCreateSession(user?.email ?? '');
  const { errors, submit } = usePageSubmit();
  // Every date defaults to now.
  const [defaults] = useState(() => {
    const now = new Date().toISOString();
    return { dates: { registrationStartDate: now, registrationEndDate: now, classStartDate: now, classEndDate: now }, maxParticipants: '', cancellationCutoffHours: '24' };
  });

  return (
    <SessionForm
      heading={
        <>
          <h1 id="session-form-heading" className="text-3xl font-bold">
            {t('sessionForm.createHeading')}
          </h1>
          <p className="mt-1 text-base-content/70">{t('sessionForm.createLead')}</p>
        </>
      }
      words={{ title: t('sessionForm.sessionTitle'), description: t('sessionForm.sessionDescription'), submit: t('sessionForm.create'), pending: t('sessionForm.creating') }}
      schedule={defaults}
      errors={errors}
      pending={createSession.isPending}
      onSubmit={(fields) =>
        void submit({
          // The same mapping of the form's fields as the server's, when it is sent without the app.
          send: () => createSession.mutateAsync(createSessionFormBody((name) => fieldText(fields, name), null)),
          successTitle: t('sessionForm.created'),
          next: () => '/dashboard/manage-sessions',
        })
      }
    />
  );
}
