// POST /api/payments/confirm (the success page) and POST /api/payments/webhook (the payment
// provider's). Booking a paid session itself is POST /api/book-session (features/bookings), which
// calls the payments service; holds end by the bookings feature's expiry job (hold-expiry.ts).
import { confirmPaymentBody, confirmPaymentSchema, testCheckoutParams, testCheckoutSchema, testPaymentResultSchema, webhookAckSchema } from '#contract/payments.ts';
import { requireUser } from '#server/auth/current-user.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { apiRouter, apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import type { PaymentsService } from './payments-service.ts';

export const paymentsRoutes = apiRoutes<CoreDeps & { payments: PaymentsService }>(['payments'], async (r, deps, tags) => {
  const { payments } = deps;

  r.post('/api/payments/confirm', {
    schema: { tags, summary: "Check the caller's checkout with the payment provider and book the seat if it is paid", body: confirmPaymentBody, response: { 200: confirmPaymentSchema, ...errorAnswers(400, 401, 403, 404, 409, 503) } },
  }, async (request) => payments.confirm(await requireUser(deps.callers, request), request.body.checkoutSessionId, await request.callerLanguage()));

  // The built-in test payment page (providers/test): its data, and its Pay button.
  r.get('/api/payments/test-checkouts/:id', {
    schema: { tags, summary: "The caller's test payment (no money moves): only where test payments are on", params: testCheckoutParams, response: { 200: testCheckoutSchema, ...errorAnswers(400, 401, 404) } },
  }, async (request) => payments.testCheckout(await requireUser(deps.callers, request), request.params.id));

  r.post('/api/payments/test-checkouts/:id/pay', {
    schema: { tags, summary: "Pay the caller's test payment: the held seat is booked as a real payment would book it; no money moves", params: testCheckoutParams, response: { 200: testPaymentResultSchema, ...errorAnswers(400, 401, 403, 404, 409) } },
  }, async (request) => payments.payTestCheckout(await requireUser(deps.callers, request), request.params.id));

  // The signature covers the exact bytes the provider sent: this route alone gets the raw body.
  await r.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    apiRouter(webhook).post('/api/payments/webhook', {
      config: { crossSite: 'called by the payment provider, authenticated by its signature over the raw body, never by a cookie' },
      schema: {
        tags,
        summary: "The payment provider's webhook (a checkout paid), verified by the provider's signature",
        response: { 200: webhookAckSchema, ...errorAnswers(400, 404, 503) },
      },
    }, async (request) => payments.handleWebhook({ rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), headers: request.headers }));
  });
});
