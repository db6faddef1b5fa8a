import { identityForTests, registerVerified } from '@uapqa/identity/testing';
import type { Backend, Browser } from '@uapqa/service-kit/testing';
import type { Hono } from 'hono';
import type { ServiceName } from '../src/route-table.js';
import { type StackService, startTestStack, TEST_ORIGIN, type TestStack } from '../src/testing.js';

export const DEMO_PASSWORD = 'gateway-demo-password';
export const ORIGIN = TEST_ORIGIN;

export interface GatewayHarness extends TestStack {
  identity: TestStack['gateway'];
  /** Signs a member up through the gateway and the link on the bus; the verify answer. */
  register(browser: Browser, body: { email: string } & Record<string, unknown>): Promise<Response>;
}

/** Identity (demo accounts) behind a gateway; extra services stand in for the others. */
export async function startStack(
  backend: Backend,
  options: { env?: Record<string, string>; extra?: StackService[] } = {},
): Promise<GatewayHarness> {
  const stack = await startTestStack(
    backend,
    [identityForTests(DEMO_PASSWORD), ...(options.extra ?? [])],
    { RATE_LIMIT_PER_MINUTE: '1200', ...options.env },
  );
  return {
    ...stack,
    identity: stack.services.identity!,
    register: (browser, body) => registerVerified(browser, stack.bus.bus, body),
  };
}

let counter = 0;
export function newMember() {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `gw_${id}`, email: `gw_${id}@example.com`, password: 'correct horse battery' };
}

/** A Hono app standing in for a service the test does not start for real. */
export function standIn(name: ServiceName, app: Hono): StackService {
  return { name, start: async () => ({ name, app, stop: async () => {} }) };
}
