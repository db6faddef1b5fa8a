import type { Hono } from 'hono';

/**
 * A started service as the launchers see it: its Hono app (served on a port, or mounted
 * in-process by the embedded launcher) and how to stop its background work and connections.
 */
export interface ServiceInstance {
  name: string;
  app: Hono;
  stop(): Promise<void>;
}
