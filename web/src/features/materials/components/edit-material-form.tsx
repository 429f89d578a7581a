import type { FormEvent } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import type { Material } from '#contract/materials.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { fileProblem } from '#web/features/materials/material-file-rules.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { MaterialSourceFields } from './material-source-fields.tsx';
import { UploadProgress, useUploadProgress } from './upload-progress.tsx';

/** The edit form's intent, for its page's action (pages/view-all-materials-page.tsx). */
export const UPDATE_MATERIAL = 'update';

/**
 * Edit a material in place: its title, and optionally a new file or link, sent to the page's route
 * action. With the app a new file goes with the form (multipart, its progress shown) after a look
 * at its size and type; without it, the browser sends the same multipart form to the action,
 * which sends the file on to the API. Cancel is the list without `?edit`.
 */
export function EditMaterialForm({ material, closed }: { material: Material; closed: string }) {
  const { t } = useTranslator();
  const submit = useSubmit();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === UPDATE_MATERIAL;
  const progress = useUploadProgress();
  const errors = useFormRefusal(UPDATE_MATERIAL)?.fields ?? {};

  function sendWithFile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const file = fieldText(fields, 'source') === 'file' ? fieldFile(fields, 'file') : null;
    const problem = file && fileProblem(file);
    if (problem) return void showErrorDialog(t('dashboardShell.error'), problem);
    fields.set('intent', UPDATE_MATERIAL);
    void submit(fields, { method: 'post', encType: 'multipart/form-data' });
  }

  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" aria-label={t('dashboardShell.editLabel', { name: material.title })} onSubmit={sendWithFile}>
      <NoScriptField />
      <RefusalMessage title={t('dashboardShell.error')} intent={UPDATE_MATERIAL} />
      <input type="hidden" name="id" value={material.id} />
      <TextField label={t('materials.title')} name="title" required maxLength={200} defaultValue={material.title} error={errors.title} />
      <MaterialSourceFields defaultSource={material.kind} defaultLink={material.link ?? ''} optional errors={errors} />
      {progress !== null && <UploadProgress fraction={progress} />}
      <div className="flex flex-wrap gap-2">
        <SubmitButton className="btn btn-sm btn-primary" busy={sending} busyLabel={t('notes.saving')} label={t('notes.save')} name="intent" value={UPDATE_MATERIAL} />
        <Link to={closed} className="btn btn-sm" preventScrollReset>
          {t('materials.cancel')}
        </Link>
      </div>
    </Form>
  );
}
