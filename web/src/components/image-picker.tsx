import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Avatar } from '#web/components/avatar.tsx';
import { isPhotoType, PHOTO_MAX_BYTES, PHOTO_MAX_MEGABYTES, PHOTO_TYPES } from '#contract/photos.ts';
import { useAdopt } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

type ImagePickerProps = {
  label: string;
  /** The field's name in its form, which reads the file chosen from it when sent. */
  name: string;
  /** The current picture, shown until a new file is chosen. */
  currentSrc?: string | null;
};

/**
 * The image upload: accepts images, uses the first chosen file, previews it and shows its
 * name (default text "Please select an image"). The preview is a data: URL, which the CSP's
 * img-src allows, unlike blob: URLs. The file stays in the field (its form reads it when sent),
 * including one chosen before the app was live.
 */
export function ImagePicker({ label, name, currentSrc = null }: ImagePickerProps) {
  const { t } = useTranslator();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useAdopt<HTMLInputElement>((field) => setFile(field.files?.[0] ?? null));

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    let cancelled = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!cancelled && typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      cancelled = true;
      reader.abort();
    };
  }, [file]);

  /**
   * Checked on choosing, by contract/photos.ts's rule: the size, the type, and that the
   * browser can decode it (a text file named .png is not an image, whatever its name says). The
   * server checks the bytes again when the form is sent.
   */
  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target;
    const chosen = field.files?.[0] ?? null;
    setProblem(null);
    if (chosen) {
      const refused =
        chosen.size > PHOTO_MAX_BYTES
          ? t('ui.photoTooLarge', { name: chosen.name, megabytes: PHOTO_MAX_MEGABYTES })
          : !isPhotoType(chosen.type) || !(await decodes(chosen))
            ? t('ui.photoNotImage', { name: chosen.name })
            : null;
      if (refused) {
        // Not sent with the form: the field is emptied, and says why.
        field.value = '';
        setFile(null);
        setProblem(`${refused} ${t('ui.photoChoose', { megabytes: PHOTO_MAX_MEGABYTES })}`);
        return;
      }
    }
    setFile(chosen);
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <Avatar src={preview ?? currentSrc} alt={file ? t('ui.photoPreview', { name: file.name }) : ''} className="w-14" />
        <div className="min-w-0 flex-1">
          <input
            ref={input}
            id={inputId}
            name={name}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="file-input file-input-sm w-full"
            aria-describedby={`${inputId}-limits`}
            onChange={(event) => void handleChange(event)}
          />
          <p className="mt-1 truncate text-sm text-base-content/70" aria-live="polite">
            {file ? file.name : t('ui.photoNone')}
          </p>
          <p id={`${inputId}-limits`} className="text-sm text-base-content/70">
            {t('ui.photoLimits', { megabytes: PHOTO_MAX_MEGABYTES })}
          </p>
          {problem && (
            <p role="alert" className="text-sm text-error">
              {problem}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Whether the browser can draw the file as an image. */
async function decodes(file: File): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}
