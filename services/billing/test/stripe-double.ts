import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface RecordedCall {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

/**
 * A local stand-in for the few Stripe API calls billing makes, so the real SDK can be exercised
 * without Stripe's servers. Form bodies are kept flat (`metadata[userId]`) for assertions.
 */
export async function startStripeDouble() {
  const calls: RecordedCall[] = [];
  const prices: Array<{ id: string; lookup_key: string }> = [];
  /** Invoice status by id: a subscription's first invoice stays `open` until voided. */
  const invoices = new Map<string, string>();
  const app = new Hono();

  app.use(async (c, next) => {
    const params: Record<string, string> = {};
    const source =
      // The SDK sends the parameters of a GET or a DELETE in the query string.
      c.req.method === 'GET' || c.req.method === 'DELETE'
        ? new URL(c.req.url).searchParams
        : new URLSearchParams(await c.req.raw.clone().text());
    for (const [key, value] of source) params[key] = value;
    calls.push({
      method: c.req.method,
      path: c.req.path,
      params,
      idempotencyKey: c.req.header('idempotency-key'),
      authorization: c.req.header('authorization'),
    });
    c.set('params' as never, params as never);
    await next();
  });
  const paramsOf = (c: { get(key: never): unknown }) =>
    c.get('params' as never) as Record<string, string>;

  app.get('/v1/prices', (c) => {
    const key = paramsOf(c)['lookup_keys[0]'];
    return c.json({
      object: 'list',
      data: prices.filter((price) => price.lookup_key === key),
      has_more: false,
    });
  });
  app.post('/v1/prices', (c) => {
    const params = paramsOf(c);
    const price = {
      id: id('price'),
      object: 'price',
      lookup_key: params.lookup_key ?? '',
      unit_amount: Number(params.unit_amount),
      currency: params.currency,
      recurring: { interval: params['recurring[interval]'] },
    };
    prices.push(price);
    return c.json(price);
  });
  app.post('/v1/customers', (c) =>
    c.json({ id: id('cus'), object: 'customer', email: paramsOf(c).email ?? null }),
  );
  app.post('/v1/subscriptions', (c) => {
    const params = paramsOf(c);
    const invoiceId = id('in');
    invoices.set(invoiceId, 'open');
    return c.json({
      id: id('sub'),
      object: 'subscription',
      customer: params.customer,
      status: 'incomplete',
      metadata: { userId: params['metadata[userId]'] },
      latest_invoice: {
        id: invoiceId,
        object: 'invoice',
        amount_due: 1000,
        confirmation_secret: {
          client_secret: `pi_for_${invoiceId}_secret_x`,
          type: 'payment_intent',
        },
      },
    });
  });
  app.post('/v1/subscriptions/:id', (c) => {
    const params = paramsOf(c);
    return c.json({
      id: c.req.param('id'),
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: params.cancel_at_period_end === 'true',
    });
  });
  // Cancelling now (closing an account): Stripe answers the subscription, ended.
  app.delete('/v1/subscriptions/:id', (c) =>
    c.json({ id: c.req.param('id'), object: 'subscription', status: 'canceled' }),
  );
  app.get('/v1/invoices/:id', (c) => {
    const status = invoices.get(c.req.param('id'));
    if (!status) {
      return c.json({ error: { type: 'invalid_request_error', message: 'No such invoice' } }, 404);
    }
    return c.json({ id: c.req.param('id'), object: 'invoice', status });
  });
  app.post('/v1/payment_intents', (c) => {
    const params = paramsOf(c);
    const intentId = id('pi');
    return c.json({
      id: intentId,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: params.currency,
      customer: params.customer,
      client_secret: `${intentId}_secret_x`,
      metadata: {
        userId: params['metadata[userId]'],
        kind: params['metadata[kind]'],
        package: params['metadata[package]'],
      },
    });
  });
  app.notFound((c) =>
    c.json(
      { error: { type: 'invalid_request_error', message: `double has no ${c.req.path}` } },
      404,
    ),
  );

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const running = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(running),
    );
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    /** What Stripe does to the first invoice of an incomplete subscription after 23 hours. */
    voidInvoice: (invoiceId: string) => invoices.set(invoiceId, 'void'),
    /** The card went through at Stripe (its webhook may come later). */
    payInvoice: (invoiceId: string) => invoices.set(invoiceId, 'paid'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
