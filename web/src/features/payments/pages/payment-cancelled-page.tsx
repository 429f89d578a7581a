// /payment/cancelled?session=…: the student left Stripe Checkout without paying. Nothing was
// charged; the held seat stays theirs until the hold ends, so they can go back and pay.
import { Link, useSearchParams } from 'react-router';
import { useTitle } from '#web/lib/use-title.ts';

export function PaymentCancelledPage() {
  useTitle('Payment cancelled');
  const [params] = useSearchParams();
  const sessionId = params.get('session');

  return (
    <section aria-labelledby="payment-cancelled-heading" className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <h1 id="payment-cancelled-heading" className="text-3xl font-bold">
        Payment cancelled
      </h1>
      <div role="status" className="alert alert-info alert-soft">
        <span>You have not been charged and the session is not booked. Your seat stays held for a short while: you can still go back and pay.</span>
      </div>
      <div className="flex flex-wrap gap-2">
        {sessionId && (
          <Link to={`/session/${encodeURIComponent(sessionId)}`} className="btn btn-primary">
            Back to the session
          </Link>
        )}
        <Link to="/all-sessions" className="btn btn-outline">
          All sessions
        </Link>
      </div>
    </section>
  );
}
