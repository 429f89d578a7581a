import { type FormEvent, useState } from 'react';
import type { Material } from '#contract/materials.ts';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useUpdateMaterial } from '#web/features/materials/api/use-update-material.ts';
import { sendMaterial } from './send-material.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { MaterialSourceFields } from './material-source-fields.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** Edit a material in place: its title, and optionally a new file or link. */
export function EditMaterialForm({ material, onDone }: { material: Material; onDone: () => void }) {
  const translator = useTranslator();
  const { t } = translator;
  const [progress, setProgress] = useState<number | null>(null);
  const update = useUpdateMaterial(setProgress);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const source = fieldText(fields, 'source');
    const file = fieldFile(fields, 'file');
    const link = fieldText(fields, 'link');
    const changedLink = source === 'link' && link.trim() && link.trim() !== material.link ? link.trim() : undefined;
    const newFile = source === 'file' && file ? file : undefined;
    await sendMaterial(translator, {
      file: newFile ?? null,
      requireFile: false,
      setProgress,
      send: () => update.mutateAsync({ id: material.id, title: fieldText(fields, 'title'), link: changedLink, file: newFile }),
      onSent: onDone,
      success: t('materials.updated'),
    });
  }

  return (
    <form className="flex flex-col gap-3" aria-label={t('dashboardShell.editLabel', { name: material.title })} onSubmit={(event) => void handleSubmit(event)}>
      <TextField label={t('materials.title')} name="title" required maxLength={200} defaultValue={material.title} />
      <MaterialSourceFields defaultSource={material.kind} defaultLink={material.link ?? ''} optional />
      {progress !== null && <UploadProgress fraction={progress} />}
      <div className="flex flex-wrap gap-2">
        <SubmitButton className="btn btn-sm btn-primary" busy={update.isPending} busyLabel={t('notes.saving')} label={t('notes.save')} />
        <button type="button" className="btn btn-sm" onClick={onDone}>
          {t('materials.cancel')}
        </button>
      </div>
    </form>
  );
}
