import { answerHeaders } from '@uapqa/service-kit';
import type { MiddlewareHandler } from 'hono';
import type { secureHeaders } from 'hono/secure-headers';
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

/** The defaults of Hono's `secureHeaders` (4.x) that these options keep. */
const HONO_DEFAULTS: Record<string, string> = {
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The headers `secureHeaders(securityHeaderOptions(config))` sets, computed once (a test holds
 * them equal to Hono's own). Hono's middleware sets each of them on every finished answer's
 * WHATWG Headers, which builds those Headers for every answer; these never change, so they go
 * out with node's head instead (`answerHeaders`).
 */
export function securityHeaderRecord(options: SecureHeadersOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy ?? {};
  const policy = Object.entries(csp)
    .map(([directive, values]) => {
      const sources = values as unknown[];
      if (!sources.every((source) => typeof source === 'string')) {
        throw new TypeError(`${directive}: only fixed sources (no nonces) can be computed once`);
      }
      return `${kebab(directive)} ${sources.join(' ')}`;
    })
    .join('; ');
  return {
    ...HONO_DEFAULTS,
    'Content-Security-Policy': policy,
    'Cross-Origin-Opener-Policy': String(options.crossOriginOpenerPolicy),
    'Referrer-Policy': String(options.referrerPolicy),
    'X-Frame-Options': String(options.xFrameOptions),
  };
}

/** Secure headers on every response of the gateway (pages, static files, API JSON, errors). */
export function securityHeaders(config: HeaderConfig): MiddlewareHandler {
  const headers = securityHeaderRecord(securityHeaderOptions(config));
  return answerHeaders(() => headers);
}
