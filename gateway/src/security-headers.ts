import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { GatewayConfig } from './config.js';

/** Stripe Elements (the subscribe and credits pages): its script, its frames, its API. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

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
 * Secure headers on every response of the gateway (pages, static files, API JSON, errors).
 * The CSP lets the Module Federation shell work: its code and its remotes' come from 'self' (or
 * a configured remote's origin); styled-components injects <style> tags, hence 'unsafe-inline'
 * for styles only; the page talks to its own API; Stripe Elements may be embedded. No page may
 * be framed (clickjacking), and nothing is MIME-sniffed.
 */
export function securityHeaders(
  config: Pick<GatewayConfig, 'REMOTE_MEMBERS_URL' | 'REMOTE_EXPERTS_URL' | 'REMOTE_STAFF_URL'>,
): MiddlewareHandler {
  const remotes = remoteOrigins(config);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'", ...remotes, ...STRIPE.script],
      styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:', ...remotes],
      connectSrc: ["'self'", ...remotes, ...STRIPE.connect],
      frameSrc: STRIPE.frame,
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Stripe may open a window (some payment methods, 3-D Secure); it must keep its opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });
}
