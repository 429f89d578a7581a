// A local stand-in for the few Stripe calls StudyNest makes (POST /v1/checkout/sessions,
// GET /v1/checkout/sessions/:id, POST /v1/refunds) plus a hosted Checkout page: GET /checkout/:id
// shows the amount and a Pay button that marks the checkout paid, posts a signed
// `checkout.session.completed` webhook to StudyNest and redirects to the success URL, as Stripe
// does. The real `stripe` client talks to it over HTTP on 127.0.0.1: no test reaches the network.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  livemode: false;
  created: number;
  expires_at: number;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** What the client sent as line items, kept so tests can check the charged price. */
  line_items_requested: unknown;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
}

export interface FakeStripe {
  /** Base URL of the fake API, for STRIPE_API_URL. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where the Pay button delivers the webhook (StudyNest's /api/payments/webhook); unset = no delivery. */
  webhookUrl: string | null;
  sessions: Map<string, FakeCheckoutSession>;
  refunds: FakeRefund[];
  /** Every API request received, for assertions ("no refund was asked for"). */
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** Marks a checkout paid as the Pay button does, without delivering the webhook. */
  markPaid(id: string): FakeCheckoutSession;
  /** A `checkout.session.completed` event for this checkout, its JSON and a valid signature header. */
  completedEvent(id: string, opts?: { secret?: string; timestamp?: number }): { payload: string; signature: string };
  /** The next API calls answer 500 (a provider outage). */
  failNext(count: number): void;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding: `line_items[0][price_data][currency]=usd` → nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of body.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey!.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = key.split(/[[\]]+/).filter((p) => p !== '');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? 'sk_test_fake_studynest';
  const webhookSecret = opts.webhookSecret ?? 'whsec_fake_studynest';
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  const requests: FakeStripe['requests'] = [];
  let failures = 0;
  let base = '';

  const now = () => Math.floor(Date.now() / 1000);
  const current = (s: FakeCheckoutSession) => {
    if (s.status === 'open' && s.expires_at <= now()) {
      s.status = 'expired';
      s.url = null;
    }
    return s;
  };

  const markPaid = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake-stripe: no checkout ${id}`);
    if (current(s).status !== 'open') throw new Error(`fake-stripe: checkout ${id} is ${s.status}`);
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: rid('pi'), url: null });
    return s;
  };

  const completedEvent: FakeStripe['completedEvent'] = (id, o = {}) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake-stripe: no checkout ${id}`);
    const { line_items_requested: _omit, ...object } = s;
    const payload = JSON.stringify({
      id: rid('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? webhookSecret, ...(o.timestamp !== undefined && { timestamp: o.timestamp }) });
    return { payload, signature };
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: http.ServerResponse, status: number, code: string, message: string) =>
    json(res, status, { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', code, message } });

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: Record<string, unknown>) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'invalid_api_key', 'Invalid API Key provided.');
    if (failures > 0) {
      failures--;
      return stripeError(res, 500, 'api_error', 'The fake Stripe is down (failNext).');
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = body.line_items as Record<string, { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }> | undefined;
      const first = items?.['0'];
      const unitAmount = Number(first?.price_data?.unit_amount);
      if (!first || !Number.isInteger(unitAmount) || unitAmount < 50) return stripeError(res, 400, 'parameter_invalid_integer', 'line_items[0][price_data][unit_amount] must be at least 50 cents.');
      const expiresAt = Number(body.expires_at ?? now() + 24 * 3600);
      if (expiresAt - now() < 30 * 60 - 5) return stripeError(res, 400, 'parameter_invalid_integer', 'expires_at must be at least 30 minutes in the future.');
      const id = rid('cs');
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        livemode: false,
        created: now(),
        expires_at: expiresAt,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unitAmount * Number(first.quantity ?? 1),
        currency: String(first.price_data?.currency ?? 'usd'),
        customer_email: (body.customer_email as string | undefined) ?? null,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        payment_intent: null,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        url: `${base}/checkout/${id}`,
        line_items_requested: body.line_items,
      };
      sessions.set(id, session);
      return json(res, 200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const s = sessions.get(decodeURIComponent(retrieve[1]!));
      if (!s) return stripeError(res, 404, 'resource_missing', `No such checkout.session: '${retrieve[1]}'`);
      return json(res, 200, current(s));
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const seen = key ? refundsByKey.get(key) : undefined;
      if (seen) return json(res, 200, seen);
      const pi = String(body.payment_intent ?? '');
      const paid = [...sessions.values()].find((s) => s.payment_intent === pi);
      if (!paid) return stripeError(res, 404, 'resource_missing', `No such payment_intent: '${pi}'`);
      // A refund of part of the payment names its `amount`; the parts never add up to more than was paid.
      const refunded = refunds.filter((r) => r.payment_intent === pi).reduce((sum, r) => sum + r.amount, 0);
      if (refunded >= paid.amount_total) return stripeError(res, 400, 'charge_already_refunded', 'Charge has already been refunded.');
      const amount = body.amount === undefined ? paid.amount_total - refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0) return stripeError(res, 400, 'parameter_invalid_integer', 'amount must be a positive integer.');
      if (amount > paid.amount_total - refunded) return stripeError(res, 400, 'amount_too_large', `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount_total - refunded}).`);
      const refund: FakeRefund = { id: rid('re'), object: 'refund', payment_intent: pi, amount, status: 'succeeded' };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      return json(res, 200, refund);
    }
    return stripeError(res, 404, 'resource_missing', `Unrecognized request URL (${req.method}: ${path}).`);
  }

  async function checkoutPage(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const m = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    const s = m ? sessions.get(decodeURIComponent(m[1]!)) : undefined;
    if (!m || !s) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('No such checkout.');
    }
    if (req.method === 'POST' && m[2]) {
      if (current(s).status !== 'open') {
        res.writeHead(410, { 'content-type': 'text/plain' });
        return res.end(`This checkout is ${s.status}.`);
      }
      markPaid(s.id);
      if (fake.webhookUrl) {
        const { payload, signature } = completedEvent(s.id);
        await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload }).catch(() => undefined);
      }
      res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
      return res.end();
    }
    const amount = `$${(s.amount_total / 100).toFixed(2)}`;
    const items = s.line_items_requested as Record<string, { price_data?: { product_data?: { name?: string } } }> | undefined;
    const name = items?.['0']?.price_data?.product_data?.name ?? 'StudyNest session';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1><p>${escapeHtml(name)}</p><p>Total: <strong>${amount}</strong></p>
<form method="post" action="/checkout/${encodeURIComponent(s.id)}/pay"><button type="submit">Pay ${amount}</button></form>
<p><a href="${escapeHtml(s.cancel_url)}">Back</a></p></main></body></html>`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const body = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded') ? parseForm(raw) : {};
      const handle = path.startsWith('/v1/') ? (requests.push({ method: req.method ?? 'GET', path, body }), api(req, res, path, body)) : checkoutPage(req, res, path);
      handle.catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url: base,
    secretKey,
    webhookSecret,
    webhookUrl: null,
    sessions,
    refunds,
    requests,
    markPaid,
    completedEvent,
    failNext: (count) => {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
