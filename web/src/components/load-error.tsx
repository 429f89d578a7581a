import { useTranslator } from '#web/lib/i18n.ts';

type LoadErrorProps = { message: string; onRetry: () => void };

/** What a page shows when the data it needs could not be loaded (after the query's retries). */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  const { t } = useTranslator();
  return (
    <div role="alert" className="alert alert-error my-6 flex-wrap">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {t('error.tryAgain')}
      </button>
    </div>
  );
}
