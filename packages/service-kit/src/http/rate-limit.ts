import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.js';
import { inMemoryRateLimits, type RateLimitStore } from './rate-limit-store.js';

export interface RateLimiterOptions {
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
  message?: string;
  /** Where the counters live: this process's memory unless a shared store is given. */
  store?: RateLimitStore | undefined;
  /** The limit's name in a shared store (its key prefix); unique per limit. */
  name?: string;
}

export interface RateLimitOptions extends RateLimiterOptions {
  /** What is counted (an IP, a username…); null skips the limit for this request. */
  key: (c: Context) => string | null | Promise<string | null>;
}

/** A fixed-window limiter per key; refusals are 429 with Retry-After and a `{ message }`. */
export function createRateLimiter(options: RateLimiterOptions) {
  const store = options.store ?? inMemoryRateLimits;
  if (store !== inMemoryRateLimits && !options.name) {
    throw new Error('A rate limit kept in a shared store needs a name of its own');
  }
  const limiter = store.limiter({
    points: options.points,
    durationSeconds: options.durationSeconds,
    name: options.name ?? '',
  });
  const message = options.message ?? 'Too many requests. Please wait and try again.';
  return {
    async consume(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw tooManyRequests(message, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        throw rejection;
      }
    },
    reset: (key: string) => limiter.delete(key),
  };
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const limiter = createRateLimiter(options);
  return async (c, next) => {
    const key = await options.key(c);
    if (key !== null) await limiter.consume(key);
    await next();
  };
}

/**
 * The client's address. Behind the gateway (trustProxy) it is the first X-Forwarded-For hop;
 * otherwise the socket's peer when the Node adapter provides one.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
