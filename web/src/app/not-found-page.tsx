import { Link } from 'react-router';
import { useTitle } from '#web/lib/use-title.ts';
import { useTranslator } from '#web/lib/i18n.ts';

export function NotFoundPage() {
  const { t } = useTranslator();
  useTitle(t('notFound.title'));
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-base-content/70">{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
