import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Avatar } from '#web/components/avatar.tsx';
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

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
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
            onChange={handleChange}
          />
          <p className="mt-1 truncate text-sm text-base-content/70" aria-live="polite">
            {file ? file.name : 'Please select an image'}
          </p>
        </div>
      </div>
    </div>
  );
}
