import { type FormEvent, useEffect, useId } from 'react';
import { type ActionFunctionArgs, data, Form, useActionData, useLocation, useNavigation, useSubmit } from 'react-router';
import { createLinkMaterialBody } from '#contract/materials.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { pagedItems } from '#web/components/paged-list-state.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { createMaterial, type CreateMaterialInput } from '#web/features/materials/api/use-create-material.ts';
import { materialKeys, uploadProgressKey } from '#web/features/materials/api/material-query-keys.ts';
import { type MaterialSource, MaterialSourceFields } from '#web/features/materials/components/material-source-fields.tsx';
import { UploadProgress, useUploadProgress } from '#web/features/materials/components/upload-progress.tsx';
import { fileProblem } from '#web/features/materials/material-file-rules.ts';
import { tutorSessionsQuery, useTutorSessions } from '#web/features/sessions/public.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, pageQueryClient, refused, refusedBecause, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The select lists every approved session: the tutor's list is read to its end (this many pages at most). */
const ALL_PAGES = 50;

/** The tutor's sessions, every page, for the select of approved ones. */
export async function loader() {
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  // Signed out: the parent route's guard sends the visitor to log in.
  if (me) await queryClient.prefetchInfiniteQuery({ ...tutorSessionsQuery(me.email), pages: ALL_PAGES });
  return null;
}

/**
 * A link, or a file (sent by the app, with its progress): the form again, empty, which says
 * "Material uploaded successfully". A file from a browser without JavaScript arrives as its name
 * only: the page again saying that a file needs JavaScript (a link does not). Refused by the
 * API, the page again saying why, with what was typed.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = formText(form);
  const material = { sessionId: fields.sessionId ?? '', title: fields.title ?? '' };
  const file = form.get('file');
  const source: MaterialSource = fields.source === 'link' ? 'link' : 'file';
  // The page again shows the field of the source that was sent (a link's address kept in it).
  const again = ({ data: answer, init }: ReturnType<typeof refused>) => data({ ...answer, source }, init ?? undefined);
  let input: CreateMaterialInput;
  if (source === 'file') {
    if (!(file instanceof File)) return again(refusedBecause('materials.fileNeedsApp'));
    input = { ...material, file };
  } else {
    input = formBody(createLinkMaterialBody, { ...material, link: fields.link ?? '' });
  }
  const queryClient = pageQueryClient();
  try {
    await createMaterial(input, (fraction) => queryClient.setQueryData(uploadProgressKey, fraction));
  } catch (error) {
    return again(refused(error));
  } finally {
    queryClient.setQueryData(uploadProgressKey, null);
  }
  await queryClient.invalidateQueries({ queryKey: materialKeys.all });
  return sentOn('/dashboard/upload-materials', 'materials.uploaded');
}

/** Tutor: add a file (an image, a PDF or an office document) or a link to one of their approved sessions. */
export function UploadMaterialsPage() {
  const { t } = useTranslator();
  useTitle(t('materials.uploadTitle'));
  const { user } = useMe();
  const sessions = useTutorSessions(user?.email ?? '');
  const progress = useUploadProgress();
  const busy = useNavigation().state === 'submitting';
  const submit = useSubmit();
  // Each page the form leads to (the one after an upload) starts empty; a refusal keeps what was typed.
  const { key: formKey } = useLocation();
  const sessionFieldId = useId();
  // A refusal that names its fields is said under them (RefusalMessage says the others).
  const errors = useFormRefusal()?.fields ?? {};
  const sent = (useActionData() as { source?: MaterialSource } | undefined)?.source;

  // More than the loader read (a tutor with very many sessions): the rest.
  useEffect(() => {
    if (sessions.hasNextPage && !sessions.isFetchingNextPage) void sessions.fetchNextPage();
  }, [sessions]);

  const approved = pagedItems(sessions).filter((s) => s.status === 'approved');

  /**
   * With the app, a file goes with the form (multipart), after a look at its size and type that
   * spares a long wait; the page's own markup stays urlencoded, which a browser without
   * JavaScript sends (a file's name only: the action says so).
   */
  function sendWithFile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    if (fieldText(fields, 'source') === 'file') {
      const file = fieldFile(fields, 'file');
      const problem = file ? fileProblem(file) : t('materials.chooseFile');
      if (problem) return void showErrorDialog(t('dashboardShell.error'), problem);
    }
    void submit(event.currentTarget, { method: 'post', encType: 'multipart/form-data' });
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
            <Form key={formKey} method="post" className="card bg-base-100 shadow-sm" onSubmit={sendWithFile}>
              <NoScriptField />
              <div className="card-body gap-4">
                <RefusalMessage title={t('dashboardShell.error')} />
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
                  {errors.sessionId && <p className="text-sm text-error">{errors.sessionId}</p>}
                </div>
                <TextField label={t('materials.title')} name="title" required maxLength={200} error={errors.title} />
                <MaterialSourceFields defaultSource={sent ?? 'file'} errors={errors} />
                {progress !== null && <UploadProgress fraction={progress} />}
                <SubmitButton className="btn btn-primary" busy={busy} busyLabel={t('materials.uploading')} label={t('materials.upload')} />
              </div>
            </Form>
          )
        }
      </QueryState>
    </section>
  );
}
