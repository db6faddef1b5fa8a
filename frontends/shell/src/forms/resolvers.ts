import { lazyResolver } from '@uapqa/ui/lazy-resolver';

/*
 * The resolvers of the shell's forms, each fetching zod and the schemas with its first
 * validation: the sign-up forms are on `/`, whose first paint must not carry them.
 */
const schemas = () => import('./schemas');

export const contactResolver = lazyResolver(() => schemas().then((module) => module.contact));
export const loginResolver = lazyResolver(() => schemas().then((module) => module.login));
export const registrationResolver = lazyResolver(() =>
  schemas().then((module) => module.registration),
);
export const resendResolver = lazyResolver(() => schemas().then((module) => module.resend));
export const waitlistResolver = lazyResolver(() => schemas().then((module) => module.waitlist));
export const newsletterResolver = lazyResolver(() => schemas().then((module) => module.newsletter));
