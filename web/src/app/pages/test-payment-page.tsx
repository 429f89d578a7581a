// /payment/test/:id: the built-in stand-in for Stripe Checkout where Stripe is not configured
// (server/features/payments/providers/test/). Clearly marked: no money moves. Pay is a
// form through the route's action (docs/decisions/041-pages-loaders-actions.md), the same for
// the app, a form sent before it is live and one sent without JavaScript.
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, redirect, redirectDocument, useNavigation, useParams } from 'react-router';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { authConfigQuery } from '#web/features/auth/public.ts';
import { invalidateBookings } from '#web/features/bookings/public.ts';
import { payTestCheckout, testCheckoutQuery, useTestCheckout } from '#web/features/payments/public.ts';
import { sessionQuery, useSession, useSessionText } from '#web/features/sessions/public.ts';
import { orNotFound, pageQueryClient, refused } from '#web/lib/page-data.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The visitor's own test payment (another's, or none, is the 404 page), its session's title and the config its amount is written with. */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const checkout = await orNotFound(() => queryClient.ensureQueryData(testCheckoutQuery(params.id ?? '')));
  await Promise.all([queryClient.prefetchQuery(sessionQuery(checkout.sessionId)), queryClient.prefetchQuery(authConfigQuery)]);
  return null;
}

/**
 * Pay: on to where a real provider would have returned (the API's answer: a page of this site,
 * or an absolute http(s) address); refused (the hold ended, not a student), the page again saying why.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const queryClient = pageQueryClient();
  let successUrl: string;
  try {
    ({ successUrl } = await payTestCheckout(id));
  } catch (error) {
    await queryClient.invalidateQueries({ queryKey: testCheckoutQuery(id).queryKey });
    return refused(error);
  }
  await Promise.all([queryClient.invalidateQueries({ queryKey: testCheckoutQuery(id).queryKey }), invalidateBookings(queryClient)]);
  const here = new URL(request.url);
  const next = new URL(successUrl, here);
  if (next.protocol !== 'https:' && next.protocol !== 'http:') throw new Error(`Not a payment return address: ${successUrl}`);
  return next.origin === here.origin ? redirect(`${next.pathname}${next.search}`, 303) : redirectDocument(next.href, 303);
}

export function TestPaymentPage() {
  const { t } = useTranslator();
  useTitle(t('payments.testTitle'));
  const { feeText } = useSessionText();
  const { id = '' } = useParams();
  // Read by the loader: here at once.
  const c = useTestCheckout(id).data;
  const paying = useNavigation().state === 'submitting';
  if (!c) return null;
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
              <Form method="post">
                <NoScriptField />
                <RefusalMessage title={t('payments.failed')} />
                <button type="submit" className="btn btn-primary" disabled={paying}>
                  {paying ? t('payments.paying') : t('payments.pay', { amount })}
                </button>
              </Form>
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
