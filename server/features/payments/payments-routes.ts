// POST /api/payments/confirm (the success page) and POST /api/payments/webhook (Stripe).
// Booking a paid session itself is POST /api/book-session (features/bookings), which calls the
// payments service; holds end by the bookings feature's expiry job (hold-expiry.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '#contract/common.ts';
import { confirmPaymentBody, confirmPaymentSchema, testCheckoutParams, testCheckoutSchema, testPaymentResultSchema, webhookAckSchema } from '#contract/payments.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { paymentsService } from './payments-service.ts';

export async function paymentsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const payments = paymentsService(deps);
  const tags = ['payments'];

  app.withTypeProvider<ZodTypeProvider>().post('/api/payments/confirm', {
    schema: {
      tags,
      summary: "Check the caller's Checkout with Stripe and book the seat if it is paid",
      body: confirmPaymentBody,
      response: { 200: confirmPaymentSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 503: errorSchema },
    },
  }, async (request) => payments.confirm(await requireUser(deps.auth, request), request.body.checkoutSessionId, await request.callerLanguage()));

  // The built-in test payment page (test-gateway.ts): its data, and its Pay button.
  app.withTypeProvider<ZodTypeProvider>().get('/api/payments/test-checkouts/:id', {
    schema: {
      tags,
      summary: "The caller's test payment (no money moves): only where Stripe is not configured and test payments are on",
      params: testCheckoutParams,
      response: { 200: testCheckoutSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (request) => payments.testCheckout(await requireUser(deps.auth, request), request.params.id));

  app.withTypeProvider<ZodTypeProvider>().post('/api/payments/test-checkouts/:id/pay', {
    schema: {
      tags,
      summary: "Pay the caller's test payment: the held seat is booked as a real payment would book it; no money moves",
      params: testCheckoutParams,
      response: { 200: testPaymentResultSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
  }, async (request) => payments.payTestCheckout(await requireUser(deps.auth, request), request.params.id));

  // The signature covers the exact bytes Stripe sent: this route alone gets the raw body.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.withTypeProvider<ZodTypeProvider>().post('/api/payments/webhook', {
      config: { crossSite: 'called by Stripe, authenticated by its signature over the raw body, never by a cookie' },
      schema: {
        tags,
        summary: 'Stripe webhook (checkout.session.completed), verified with STRIPE_WEBHOOK_SECRET',
        response: { 200: webhookAckSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return payments.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
