import { JWKS_PATH } from '@uapqa/service-kit';
import { Hono } from 'hono';
import type { IdentityDeps } from '../deps.js';

/**
 * The public keys that verify session tokens, for the gateway and the services (internal: the
 * gateway routes only `/api`, so it is no operation of the public document).
 */
export function jwksRoutes({ keys }: IdentityDeps): Hono {
  const app = new Hono();
  app.get(JWKS_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(keys.jwks);
  });
  return app;
}
