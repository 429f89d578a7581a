// /payment/test/:id: the built-in stand-in for Stripe Checkout where Stripe is not configured
// (server/features/payments/test-gateway.ts). Clearly marked: no money moves. Pay is a
// real form (docs/decisions/018): sent before the app is live, the server pays and redirects.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { payTestCheckout, useTestCheckout } from '#web/features/payments/public.ts';
import { useSession, useSessionText } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function TestPaymentPage() {
  const { t } = useTranslator();
  useTitle(t('payments.testTitle'));
  const { feeText } = useSessionText();
  const { id = '' } = useParams();
  const checkout = useTestCheckout(id);
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);

  async function handlePay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPaying(true);
    try {
      const { successUrl } = await payTestCheckout(id);
      await navigate(successUrl);
    } catch (error) {
      setPaying(false);
      await showErrorDialog(t('payments.failed'), errorMessage(error));
      void checkout.refetch();
    }
  }

  if (checkout.isPending) return <Spinner label={t('payments.loading')} />;
  if (checkout.isError) {
    return (
      <section aria-labelledby="test-payment-heading" className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <h1 id="test-payment-heading" className="text-3xl font-bold">
          {t('payments.testTitle')}
        </h1>
        <LoadError message={errorMessage(checkout.error)} onRetry={() => void checkout.refetch()} />
      </section>
    );
  }
  const c = checkout.data;
  const amount = feeText(c.amount);

  return (
    <section aria-labelledby="test-payment-heading" className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <div role="note" className="alert alert-warning">
        <div>
          <p className="font-bold">{t('payments.testNotice')}</p>
          <p className="text-sm">{t('payments.testLead')}</p>
        </div>
      </div>
      <h1 id="test-payment-heading" className="text-3xl font-bold">
        {t('payments.testTitle')}
      </h1>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <SessionTitle id={c.sessionId} />
          <p>{t('payments.total', { amount })}</p>
          {c.status === 'open' ? (
            <div className="flex flex-wrap items-center gap-3">
              <form method="post" onSubmit={(event) => void handlePay(event)}>
                <NoScriptField />
                <button type="submit" className="btn btn-primary" disabled={paying}>
                  {paying ? t('payments.paying') : t('payments.pay', { amount })}
                </button>
              </form>
              <Link to={`/payment/cancelled?session=${encodeURIComponent(c.sessionId)}`} className="btn btn-ghost">
                {t('ui.cancel')}
              </Link>
            </div>
          ) : c.status === 'paid' ? (
            <p role="status">
              {t('payments.paid')}{' '}
              <Link to={`/payment/success?checkout_session_id=${encodeURIComponent(c.id)}`} className="link">
                {t('payments.seeBooking')}
              </Link>
            </p>
          ) : (
            <p role="status">
              {t('payments.expired')}{' '}
              <Link to={`/session/${encodeURIComponent(c.sessionId)}`} className="link">
                {t('payments.backToSession')}
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function SessionTitle({ id }: { id: string }) {
  const session = useSession(id);
  return session.data ? <p className="text-lg font-semibold break-words">{session.data.title}</p> : null;
}
