import {
  EmailChangeRequested,
  EmailVerificationRequested,
  type EventDefinition,
  IDENTITY_STREAM,
  PasswordResetRequested,
  readEvent,
} from '@uapqa/contracts';
import type { EventBus } from '@uapqa/service-kit';
import { serviceForTests } from '@uapqa/service-kit/testing';
import type { z } from 'zod';
import { identityService } from './descriptor.js';

/** Identity with the demo accounts, as other packages' integration stacks start it. */
export function identityForTests(demoPassword: string, env: Record<string, string> = {}) {
  return serviceForTests(identityService, { DEMO_PASSWORD: demoPassword, ...env });
}

/** A link's token being watched for on the bus: `token` resolves once it is announced. */
interface WatchedToken {
  token: Promise<string>;
  cancel(): Promise<void>;
}

/**
 * Starts watching for the first link of `event` announced since `since` (other than `not`)
 * whose data `matches`, read from the bus as notifications receives it. Watching before the
 * request that announces it matters on JetStream: a start time is turned into a start sequence
 * when the consumer is made, so a clock a test has moved forward still sees what comes after.
 */
async function watchLinkToken<S extends z.ZodType<{ token: string | null }>>(
  bus: EventBus,
  event: EventDefinition<string, S>,
  matches: (data: z.infer<S>) => boolean,
  since: Date,
  not?: string,
): Promise<WatchedToken> {
  let found: (token: string) => void = () => {};
  const token = new Promise<string>((resolve) => {
    found = resolve;
  });
  const watcher = await bus.watch({
    stream: IDENTITY_STREAM,
    types: [event.type],
    since,
    handler: async (received) => {
      const data = readEvent(event, received).data;
      if (data.token && data.token !== not && matches(data)) found(data.token);
    },
  });
  return { token: token.finally(() => watcher.stop()), cancel: () => watcher.stop() };
}

/** The token of the first link of `event` announced since `since` whose data `matches`. Waits for it. */
async function linkToken<S extends z.ZodType<{ token: string | null }>>(
  bus: EventBus,
  event: EventDefinition<string, S>,
  matches: (data: z.infer<S>) => boolean,
  since: Date,
  not?: string,
): Promise<string> {
  return (await watchLinkToken(bus, event, matches, since, not)).token;
}

/**
 * The token of the first confirmation link identity announced for `email` since `since` (other
 * than `not`), read from the bus as notifications receives it (the link the email carries).
 * Waits for it.
 */
export function verificationToken(bus: EventBus, email: string, since: Date, not?: string) {
  const address = email.toLowerCase();
  return linkToken(bus, EmailVerificationRequested, (data) => data.email === address, since, not);
}

/** The token of the first password-reset link announced for `email` since `since`. */
export function passwordResetToken(bus: EventBus, email: string, since: Date, not?: string) {
  const address = email.toLowerCase();
  return linkToken(bus, PasswordResetRequested, (data) => data.email === address, since, not);
}

/** The token of the first link announced to move an account to `newEmail` since `since`. */
export function emailChangeToken(bus: EventBus, newEmail: string, since: Date, not?: string) {
  const address = newEmail.toLowerCase();
  return linkToken(bus, EmailChangeRequested, (data) => data.newEmail === address, since, not);
}

interface Sender {
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/**
 * Where a test reads the confirmation link of an address from: the bus (the event notifications
 * mails), or a function reading the email itself (a test SMTP server, a mailbox folder).
 */
export type LinkSource = EventBus | ((email: string, since: Date) => Promise<string>);

let signUps = 0;

/**
 * Signs a new member up as a person would: `POST /api/register`, then the link of the
 * confirmation email, opened in the same browser, which is then signed in. Each sign-up comes
 * from its own client address (`X-Forwarded-For`, which identity trusts from the gateway, and
 * test stacks' gateways from the client), so suites creating many members stay under the
 * per-address limit. Returns the answer of `POST /api/verify-email` (the user); throws if a step
 * fails.
 */
export async function registerVerified(
  browser: Sender,
  links: LinkSource,
  body: { email: string } & Record<string, unknown>,
): Promise<Response> {
  signUps++;
  const address = `10.${process.pid & 255}.${(signUps >> 8) & 255}.${signUps & 255}`;
  const since = new Date(Date.now() - 1000);
  const email = body.email.toLowerCase();
  // On the bus, watched before the request that announces it (see watchLinkToken).
  const watched =
    typeof links === 'function'
      ? null
      : await watchLinkToken(
          links,
          EmailVerificationRequested,
          (data) => data.email === email,
          since,
        );
  const registered = await browser.post('/api/register', body, { 'x-forwarded-for': address });
  if (registered.status !== 202) {
    await watched?.cancel();
    throw new Error(`register ${body.email}: ${registered.status} ${await registered.text()}`);
  }
  const token = typeof links === 'function' ? await links(email, since) : await watched?.token;
  const verified = await browser.post('/api/verify-email', { token, password: body.password });
  if (verified.status !== 200) {
    throw new Error(`verify ${body.email}: ${verified.status} ${await verified.text()}`);
  }
  return verified;
}

let newMembers = 0;

/**
 * Signs up, with `registerVerified`, a new member named `<prefix>_<time>_<n>` (their address is
 * the name at example.com), so suites sharing a database never meet. `browser` is then signed
 * in as them.
 */
export async function signUpNewMember(
  browser: Sender,
  links: LinkSource,
  prefix: string,
): Promise<Response> {
  newMembers++;
  const name = `${prefix}_${Date.now().toString(36)}_${newMembers}`;
  return registerVerified(browser, links, {
    username: name,
    email: `${name}@example.com`,
    password: 'correct horse battery',
  });
}
