import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { GatewayConfig } from './config.js';

/** The options of Hono's `secureHeaders`. */
export type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** The settings the headers depend on. */
export type HeaderConfig = Pick<
  GatewayConfig,
  'REMOTE_MEMBERS_URL' | 'REMOTE_EXPERTS_URL' | 'REMOTE_STAFF_URL'
> &
  Partial<Pick<GatewayConfig, 'PAYMENT_PROVIDER'>>;

/** Stripe Elements (the subscribe and credits pages): its script, frames, API and images. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};
const NO_STRIPE = { script: [], frame: [], connect: [], img: [] };

/** The origin of each remote deployed elsewhere (REMOTE_*_URL), which the shell loads code from. */
export function remoteOrigins(
  config: Pick<GatewayConfig, 'REMOTE_MEMBERS_URL' | 'REMOTE_EXPERTS_URL' | 'REMOTE_STAFF_URL'>,
): string[] {
  const origins = new Set<string>();
  for (const url of [
    config.REMOTE_MEMBERS_URL,
    config.REMOTE_EXPERTS_URL,
    config.REMOTE_STAFF_URL,
  ]) {
    if (!url) continue;
    try {
      const { origin, protocol } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // A relative URL is on the gateway's own origin: 'self' covers it.
    }
  }
  return [...origins];
}

/**
 * The gateway's secure headers, as options of Hono's `secureHeaders`. The CSP lets the Module
 * Federation shell work: its code and its remotes' come from 'self' (or a configured remote's
 * origin); styled-components injects <style> tags, hence 'unsafe-inline' for styles only; the
 * page talks to its own API. Stripe's hosts are named only when billing takes payments through
 * Stripe. Images are the site's own and inline ones (the favicon is a data: SVG; avatars are
 * drawn, not loaded), so no other host may serve an image (a tracking pixel, say). No page may
 * be framed (clickjacking), and nothing is MIME-sniffed.
 */
export function securityHeaderOptions(config: HeaderConfig): SecureHeadersOptions {
  const remotes = remoteOrigins(config);
  const stripe = config.PAYMENT_PROVIDER === 'stripe' ? STRIPE : NO_STRIPE;
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'", ...remotes, ...stripe.script],
      styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
      imgSrc: ["'self'", 'data:', ...remotes, ...stripe.img],
      fontSrc: ["'self'", 'data:', ...remotes],
      connectSrc: ["'self'", ...remotes, ...stripe.connect],
      // Nothing is framed without Stripe: 'none' rather than falling back to default-src.
      frameSrc: stripe.frame.length > 0 ? stripe.frame : ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Stripe may open a window (some payment methods, 3-D Secure); it must keep its opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  };
}

/**
 * The secure headers of an API answer: data read by the site's own scripts, never a document
 * to render. A JSON answer opened as a page runs and loads nothing and may not be framed, so
 * its policy is the strictest one rather than the pages' longer list. The headers that only
 * act on documents (the opener policy, agent clusters, DNS prefetching, the legacy XSS filter,
 * old Internet Explorer downloads, Flash and Acrobat policy files) are left off: with the
 * pages' long policy, they were about 400 bytes on every API call that no browser reads.
 */
const API_SECURE_HEADERS: SecureHeadersOptions = {
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** What Hono's `secureHeaders` sets with these options, read from it once. */
function readSecureHeaders(options: SecureHeadersOptions): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use(secureHeaders(options));
  probe.get('/', (c) => c.body(null));
  return Promise.resolve(probe.request('/')).then((response) =>
    Object.fromEntries(response.headers),
  );
}

/**
 * Whether an answer is a document a browser renders: anything outside the API, and the pages
 * the API serves for people (its documentation, `*.html`).
 */
const isDocumentPath = (path: string) => !path.startsWith('/api/') || path.endsWith('.html');

/**
 * Secure headers on every response of the gateway (pages, static files, API JSON, errors):
 * the pages' set or the API's, each read once from Hono's `secureHeaders` and handed to each
 * request's every-answer headers, so that a forwarded answer is built with them.
 */
export function securityHeaders(config: HeaderConfig): MiddlewareHandler {
  const reading = Promise.all([
    readSecureHeaders(securityHeaderOptions(config)),
    readSecureHeaders(API_SECURE_HEADERS),
  ]);
  let sets: [pages: Record<string, string>, api: Record<string, string>] | undefined;
  return async (c, next) => {
    if (!sets) sets = await reading;
    const [pages, api] = sets;
    Object.assign(c.get('responseHeaders').always, isDocumentPath(c.req.path) ? pages : api);
    await next();
  };
}
