import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Avatar } from '#web/components/avatar.tsx';
import { PHOTO_LIMITS_TEXT, PHOTO_MAX_BYTES, photoTypeOf } from '#contract/photos.ts';
import { useAdopt } from '#web/lib/form-fields.ts';

type ImagePickerProps = {
  label: string;
  /** The field's name in its form, which reads the file chosen from it when sent. */
  name: string;
  /** The current picture, shown until a new file is chosen. */
  currentSrc?: string | null;
};

/**
 * Spec §2 image upload: accepts images, uses the first chosen file, previews it and shows its
 * name (default text "Please select an image"). The preview is a data: URL, which the CSP's
 * img-src allows, unlike blob: URLs. The file stays in the field (its form reads it when sent),
 * including one chosen before the app was live.
 */
export function ImagePicker({ label, name, currentSrc = null }: ImagePickerProps) {
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

  /** Checked on choosing (issue 17): the size, and the type by the file's first bytes, not its name. */
  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target;
    const chosen = field.files?.[0] ?? null;
    setProblem(null);
    if (chosen) {
      const refused =
        chosen.size > PHOTO_MAX_BYTES
          ? `${chosen.name} is larger than 2 MB.`
          : photoTypeOf(new Uint8Array(await chosen.slice(0, 16).arrayBuffer())) === null
            ? `${chosen.name} is not an image we can use.`
            : null;
      if (refused) {
        // Not sent with the form: the field is emptied, and says why.
        field.value = '';
        setFile(null);
        setProblem(`${refused} Choose a ${PHOTO_LIMITS_TEXT.replace(/\.$/, '')} file.`);
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
        <Avatar src={preview ?? currentSrc} alt={file ? `Preview of ${file.name}` : ''} className="w-14" />
        <div className="min-w-0 flex-1">
          <input
            ref={input}
            id={inputId}
            name={name}
            type="file"
            accept="image/*"
            className="file-input file-input-sm w-full"
            aria-describedby={`${inputId}-limits`}
            onChange={(event) => void handleChange(event)}
          />
          <p className="mt-1 truncate text-sm text-base-content/70" aria-live="polite">
            {file ? file.name : 'Please select an image'}
          </p>
          <p id={`${inputId}-limits`} className="text-sm text-base-content/70">
            {PHOTO_LIMITS_TEXT}
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
