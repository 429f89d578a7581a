// /payment/test/:id: the built-in stand-in for Stripe Checkout where Stripe is not configured
// (server/features/payments/test-gateway.ts, issue 17). Clearly marked: no money moves. Pay is a
// real form (docs/decisions/018): sent before the app is live, the server pays and redirects.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TEST_PAYMENT_NOTICE } from '#contract/payments.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { payTestCheckout, useTestCheckout } from '#web/features/payments/public.ts';
import { useSession, useSessionText } from '#web/features/sessions/public.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function TestPaymentPage() {
  useTitle('Test payment');
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
      await showErrorDialog('Payment failed', errorMessage(error));
      void checkout.refetch();
    }
  }

  if (checkout.isPending) return <Spinner label="Loading the payment" />;
  if (checkout.isError) {
    return (
      <section aria-labelledby="test-payment-heading" className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <h1 id="test-payment-heading" className="text-3xl font-bold">
          Test payment
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
          <p className="font-bold">{TEST_PAYMENT_NOTICE}</p>
          <p className="text-sm">This StudyNest takes no real payments. Paying here books your seat as a card payment would, without charging anything.</p>
        </div>
      </div>
      <h1 id="test-payment-heading" className="text-3xl font-bold">
        Test payment
      </h1>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <SessionTitle id={c.sessionId} />
          <p>Total: {amount}</p>
          {c.status === 'open' ? (
            <div className="flex flex-wrap items-center gap-3">
              <form method="post" onSubmit={(event) => void handlePay(event)}>
                <NoScriptField />
                <button type="submit" className="btn btn-primary" disabled={paying}>
                  {paying ? 'Paying…' : `Pay ${amount}`}
                </button>
              </form>
              <Link to={`/payment/cancelled?session=${encodeURIComponent(c.sessionId)}`} className="btn btn-ghost">
                Cancel
              </Link>
            </div>
          ) : c.status === 'paid' ? (
            <p role="status">
              Paid. <Link to={`/payment/success?checkout_session_id=${encodeURIComponent(c.id)}`} className="link">See your booking</Link>
            </p>
          ) : (
            <p role="status">
              This payment can no longer be made: your seat hold has ended.{' '}
              <Link to={`/session/${encodeURIComponent(c.sessionId)}`} className="link">Back to the session</Link>
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
