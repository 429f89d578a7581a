// /payment/cancelled?session=…: the student left Stripe Checkout without paying. Nothing was
// charged; the held seat stays theirs until the hold ends, so they can go back and pay.
import { Link, useSearchParams } from 'react-router';
import { PageSection } from '#web/components/page-section.tsx';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Nothing to read: the page says what happened and links back. */
export async function loader() {
  return null;
}

export function PaymentCancelledPage() {
  const { t } = useTranslator();
  useTitle(t('payments.cancelledTitle'));
  const [params] = useSearchParams();
  const sessionId = params.get('session');

  return (
    <PageSection title={t('payments.cancelledTitle')} headingId="payment-cancelled-heading" className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <div role="status" className="alert alert-info alert-soft">
        <span>{t('payments.cancelledText')}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        {sessionId && (
          <Link to={`/session/${encodeURIComponent(sessionId)}`} className="btn btn-primary">
            {t('payments.backToSession')}
          </Link>
        )}
        <Link to="/all-sessions" className="btn btn-outline">
          {t('payments.allSessions')}
        </Link>
      </div>
    </PageSection>
  );
}
