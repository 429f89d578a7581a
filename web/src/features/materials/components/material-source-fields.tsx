import { useId } from 'react';

export type MaterialSource = 'file' | 'link';

type MaterialSourceFieldsProps = {
  source: MaterialSource;
  onSourceChange: (source: MaterialSource) => void;
  link: string;
  onLinkChange: (link: string) => void;
  onFileChange: (file: File | null) => void;
  /** Edit form: the file or link may stay as it is. */
  optional?: boolean;
  /** Changes to remount the file input (clears it after a successful upload). */
  fileInputKey?: number;
};

/** "A file (image or PDF) or a link": the choice and its field. */
export function MaterialSourceFields({ source, onSourceChange, link, onLinkChange, onFileChange, optional = false, fileInputKey }: MaterialSourceFieldsProps) {
  const id = useId();
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{optional ? 'Replace with' : 'Material'}</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${id}-source`} checked={source === 'file'} onChange={() => onSourceChange('file')} />
            File (image or PDF)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${id}-source`} checked={source === 'link'} onChange={() => onSourceChange('link')} />
            Link
          </label>
        </div>
      </fieldset>
      {source === 'file' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            File{optional ? ' (leave empty to keep the current one)' : ''}
          </label>
          <input
            key={fileInputKey}
            id={`${id}-file`}
            type="file"
            className="file-input w-full"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif,application/pdf"
            required={!optional}
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          />
          <p id={`${id}-file-hint`} className="text-sm text-base-content/70">
            An image or a PDF, 10 MB at most.
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-link`} className="text-sm font-medium">
            Link{optional ? ' (leave empty to keep the current one)' : ''}
          </label>
          <input
            id={`${id}-link`}
            type="url"
            className="input w-full"
            placeholder="https://drive.google.com/…"
            maxLength={2000}
            required={!optional}
            value={link}
            aria-describedby={`${id}-link-hint`}
            onChange={(event) => onLinkChange(event.target.value)}
          />
          <p id={`${id}-link-hint`} className="text-sm text-base-content/70">
            An http(s) address, e.g. a Google Drive link.
          </p>
        </div>
      )}
    </>
  );
}
