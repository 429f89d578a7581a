// /payment/success?checkout_session_id=…: where Stripe Checkout returns after paying. The
// booking is the server's decision (it asks Stripe, or has already seen the webhook).
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { confirmPaymentQuery, useConfirmPayment } from '#web/features/payments/api/use-confirm-payment.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The server's answer for the checkout; a refusal is shown by the page, with Try again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const checkoutSessionId = new URL(request.url).searchParams.get('checkout_session_id') ?? '';
  const queryClient = pageQueryClient();
  if (checkoutSessionId) await queryClient.ensureQueryData(confirmPaymentQuery(checkoutSessionId, queryClient)).catch(() => null);
  return null;
}

export function PaymentSuccessPage() {
  const { t } = useTranslator();
  useTitle(t('payments.title'));
  const [params] = useSearchParams();
  const checkoutSessionId = params.get('checkout_session_id') ?? '';
  const payment = useConfirmPayment(checkoutSessionId);

  let body;
  if (!checkoutSessionId) {
    body = (
      <div role="alert" className="alert alert-error">
        {t('payments.noPayment')}
      </div>
    );
  } else if (payment.isPending) {
    body = <Spinner label={t('payments.checking')} />;
  } else if (payment.isError) {
    body = <LoadError message={errorMessage(payment.error)} onRetry={() => void payment.refetch()} />;
  } else {
    const { status, sessionId, message } = payment.data;
    body = (
      <div className="flex flex-col gap-4">
        <div role="status" className={`alert ${status === 'booked' ? 'alert-success' : status === 'pending' ? 'alert-info' : 'alert-warning'} alert-soft`}>
          {status === 'pending' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          <span>{message}</span>
        </div>
        <div className="flex flex-wrap gap-2">
          {status === 'booked' ? (
            <Link to={`/dashboard/view-booked-session/${sessionId}`} className="btn btn-primary">
              {t('payments.viewBooked')}
            </Link>
          ) : (
            <Link to={`/session/${sessionId}`} className="btn btn-outline">
              {t('payments.backToSession')}
            </Link>
          )}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="payment-heading" className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <h1 id="payment-heading" className="text-3xl font-bold">
        {t('payments.title')}
      </h1>
      {body}
    </section>
  );
}
