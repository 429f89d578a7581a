import { useId, useState } from 'react';
import { MATERIAL_FILE_ACCEPT } from '#contract/materials.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useAdopt } from '#web/lib/form-fields.ts';
import { TextField } from '#web/components/text-field.tsx';

export type MaterialSource = 'file' | 'link';

type MaterialSourceFieldsProps = {
  /** The choice it starts with; the form reads `source`, `file` and `link` when sent. */
  defaultSource: MaterialSource;
  defaultLink?: string;
  /** Edit form: the file or link may stay as it is. */
  optional?: boolean;
  /** The refusal's reasons under their fields (`file`, `link`). */
  errors?: Record<string, string>;
};

/** "A file (an image, a PDF or an office document) or a link": the choice and its field. */
export function MaterialSourceFields({ defaultSource, defaultLink = '', optional = false, errors = {} }: MaterialSourceFieldsProps) {
  const { t } = useTranslator();
  const id = useId();
  const [source, setSource] = useState<MaterialSource>(defaultSource);
  // A choice made before the app was live shows its field once it is.
  const choice = useAdopt<HTMLFieldSetElement>((fieldset) => {
    const checked = fieldset.querySelector<HTMLInputElement>('input[name="source"]:checked');
    if (checked?.value === 'file' || checked?.value === 'link') setSource(checked.value);
  });
  return (
    <>
      <fieldset ref={choice} className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{optional ? t('materials.replaceWith') : t('materials.material')}</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name="source" value="file" defaultChecked={defaultSource === 'file'} onChange={() => setSource('file')} />
            {t('materials.fileChoice')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name="source" value="link" defaultChecked={defaultSource === 'link'} onChange={() => setSource('link')} />
            {t('materials.linkChoice')}
          </label>
        </div>
      </fieldset>
      {source === 'file' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {optional ? t('materials.fileOptional') : t('materials.file')}
          </label>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            className="file-input w-full"
            accept={MATERIAL_FILE_ACCEPT}
            required={!optional}
            aria-describedby={`${id}-file-hint`}
          />
          <p id={`${id}-file-hint`} className="text-sm text-base-content/70">
            {t('materials.fileHint')}
          </p>
          {errors.file && <p className="text-sm text-error">{errors.file}</p>}
        </div>
      ) : (
        <TextField
          id={`${id}-link`}
          label={optional ? t('materials.linkOptional') : t('materials.link')}
          name="link"
          type="url"
          placeholder="https://drive.google.com/…"
          maxLength={2000}
          required={!optional}
          defaultValue={defaultLink}
          hint={t('materials.linkHint')}
          error={errors.link}
        />
      )}
    </>
  );
}
