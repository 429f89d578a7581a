import { type FormEvent, useEffect, useId, useState } from 'react';
import { pagedItems } from '#web/components/paged-list-state.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { useCreateMaterial } from '#web/features/materials/api/use-create-material.ts';
import { MaterialSourceFields } from '#web/features/materials/components/material-source-fields.tsx';
import { UploadProgress } from '#web/features/materials/components/upload-progress.tsx';
import { sendMaterial } from '#web/features/materials/components/send-material.ts';
import { useTutorSessions } from '#web/features/sessions/public.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** Tutor: add a file (image or PDF) or a link to one of their approved sessions. */
export function UploadMaterialsPage() {
  const translator = useTranslator();
  const { t } = translator;
  useTitle(t('materials.uploadTitle'));
  const { user } = useMe();
  const sessions = useTutorSessions(user?.email ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateMaterial(setProgress);
  const [formKey, setFormKey] = useState(0);
  const sessionFieldId = useId();

  // The select lists every approved session, so read the tutor's list to its end.
  useEffect(() => {
    if (sessions.hasNextPage && !sessions.isFetchingNextPage) void sessions.fetchNextPage();
  }, [sessions]);

  const approved = pagedItems(sessions).filter((s) => s.status === 'approved');

  /** The material as the form holds it: a file, or a link. */
  function materialOf(fields: FormData) {
    const material = { sessionId: fieldText(fields, 'sessionId'), title: fieldText(fields, 'title') };
    const file = fieldText(fields, 'source') === 'file' ? fieldFile(fields, 'file') : null;
    return { file, body: file ? { ...material, file } : { ...material, link: fieldText(fields, 'link') } };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const { file, body } = materialOf(fields);
    await sendMaterial(translator, {
      file,
      requireFile: fieldText(fields, 'source') === 'file',
      setProgress,
      send: () => create.mutateAsync(body),
      // A fresh form for the next material.
      onSent: () => setFormKey((k) => k + 1),
      success: t('materials.uploaded'),
    });
  }

  return (
    <section aria-labelledby="upload-materials-heading" className="flex max-w-2xl flex-col gap-4">
      <h1 id="upload-materials-heading" className="text-3xl font-bold">
        {t('materials.uploadTitle')}
      </h1>
      <QueryState query={sessions} loadingLabel={t('sessionLists.loadingMine')}>
        {() =>
          approved.length === 0 ? (
            <p className="text-base-content/70">{t('materials.noneApproved')}</p>
          ) : (
            // Sent before the app is live, the form goes to its page's own address, where the server
            // adds a link, and keeps the page as it is for a file (server/http/page-forms.ts).
            <form key={formKey} method="post" className="card bg-base-100 shadow-sm" onSubmit={(event) => void handleSubmit(event)}>
              <NoScriptField />
              <div className="card-body gap-4">
                <div className="flex flex-col gap-1">
                  <label htmlFor={sessionFieldId} className="text-sm font-medium">
                    {t('materials.session')}
                  </label>
                  <select id={sessionFieldId} name="sessionId" className="select w-full" required defaultValue="">
                    <option value="" disabled>
                      {t('materials.chooseSession')}
                    </option>
                    {approved.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.title}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField label={t('materials.title')} name="title" required maxLength={200} />
                <MaterialSourceFields defaultSource="file" />
                {progress !== null && <UploadProgress fraction={progress} />}
                <SubmitButton className="btn btn-primary" busy={create.isPending} busyLabel={t('materials.uploading')} label={t('materials.upload')} />
              </div>
            </form>
          )
        }
      </QueryState>
    </section>
  );
}
