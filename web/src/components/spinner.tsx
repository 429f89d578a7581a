import { useTranslator } from '#web/lib/i18n.ts';

/**
 * The loader: five bars, 35 px high, 4 px wide, centred in a fixed-size box so that the
 * page does not jump when content replaces it. Motion is reduced in styles.css.
 */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslator();
  return (
    <div role="status" className="flex min-h-48 w-full items-center justify-center">
      <div className="bar-loader" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
        <span />
      </div>
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </div>
  );
}
