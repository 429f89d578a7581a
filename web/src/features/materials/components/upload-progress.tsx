import { useQuery } from '@tanstack/react-query';
import { uploadProgressKey } from '#web/features/materials/api/material-query-keys.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** The progress of the file a page's action is sending (0…1), null when none is. */
export function useUploadProgress(): number | null {
  return useQuery<number | null>({ queryKey: uploadProgressKey, queryFn: () => null, staleTime: Infinity, initialData: null }).data;
}

/** The upload's progress bar (0…1), announced to screen readers by its label. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslator();
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex flex-col gap-1">
      <progress className="progress progress-primary w-full" value={percent} max={100} aria-label={t('materials.progress')} />
      <p className="text-sm text-base-content/70" aria-live="polite">
        {t('materials.uploadingPercent', { fraction })}
      </p>
    </div>
  );
}
