import type { Material } from '#contract/materials.ts';
import { useTranslator } from '#web/lib/i18n.ts';

function useSizeText(): (bytes: number | null) => string {
  const { t } = useTranslator();
  return (bytes) => {
    if (bytes === null) return '';
    if (bytes < 1024 * 1024) return t('materials.sizeKb', { size: Math.max(1, Math.round(bytes / 1024)) });
    return t('materials.sizeMb', { size: bytes / (1024 * 1024) });
  };
}

/**
 * What a material is: an image previewed, a PDF, or a link opened in a new tab (without giving
 * the other site a handle on this one). Files come from the server only to allowed callers.
 */
export function MaterialContent({ material, preview = true }: { material: Material; preview?: boolean }) {
  const { t } = useTranslator();
  const sizeText = useSizeText();
  if (material.kind === 'link' && material.link) {
    return (
      <a href={material.link} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">
        {t('materials.openLink')}
        <span className="sr-only"> {t('materials.opensInNewTab', { title: material.title })}</span>
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
          alt={t('materials.preview', { title: material.title })}
          loading="lazy"
          width={448}
          height={224}
          className="h-56 w-full rounded-box bg-base-200 object-contain"
        />
      )}
      <p className="text-sm break-all text-base-content/70">
        {isImage ? t('materials.image') : material.mimeType === 'application/pdf' ? t('materials.pdf') : t('materials.document')} · {material.fileName} · {sizeText(material.fileSize)}
      </p>
      <a href={material.fileUrl} download={material.fileName ?? true} className="btn btn-sm btn-outline w-fit">
        {t('materials.download')}
        <span className="sr-only"> {material.title}</span>
      </a>
    </div>
  );
}
