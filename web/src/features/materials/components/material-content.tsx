import type { Material } from '#contract/materials.ts';

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * What a material is: an image previewed, a PDF, or a link opened in a new tab (without giving
 * the other site a handle on this one). Files come from the server only to allowed callers.
 */
export function MaterialContent({ material, preview = true }: { material: Material; preview?: boolean }) {
  if (material.kind === 'link' && material.link) {
    return (
      <a href={material.link} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">
        Open link<span className="sr-only"> {material.title} (opens in a new tab)</span>
      </a>
    );
  }
  if (!material.fileUrl) return null;
  const isImage = material.mimeType?.startsWith('image/') ?? false;
  return (
    <div className="flex flex-col gap-2">
      {isImage && preview && (
        <img
          src={material.fileUrl}
          alt={`Preview of ${material.title}`}
          loading="lazy"
          width={448}
          height={224}
          className="h-56 w-full rounded-box bg-base-200 object-contain"
        />
      )}
      <p className="text-sm break-all text-base-content/70">
        {isImage ? 'Image' : 'PDF'} · {material.fileName} · {sizeText(material.fileSize)}
      </p>
      <a href={material.fileUrl} download={material.fileName ?? true} className="btn btn-sm btn-outline w-fit">
        Download<span className="sr-only"> {material.title}</span>
      </a>
    </div>
  );
}
