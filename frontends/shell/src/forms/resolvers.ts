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
export const passwordResetResolver = lazyResolver(() =>
  schemas().then((module) => module.passwordReset),
);
export const newPasswordResolver = lazyResolver(() =>
  schemas().then((module) => module.newPassword),
);
export const changePasswordResolver = lazyResolver(() =>
  schemas().then((module) => module.changePassword),
);
export const changeEmailResolver = lazyResolver(() =>
  schemas().then((module) => module.changeEmail),
);
export const closeAccountResolver = lazyResolver(() =>
  schemas().then((module) => module.closeAccount),
);
