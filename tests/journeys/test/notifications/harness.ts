import { startTestStack, type TestStack } from '@uapqa/gateway/testing';
import { identityForTests, registerVerified } from '@uapqa/identity/testing';
import {
  notificationsForTests,
  startSmtp,
  type TestSmtp,
  verificationTokenFromSmtp,
} from '@uapqa/notifications/testing';
import type { Backend, Browser } from '@uapqa/service-kit/testing';

export const DEMO_PASSWORD = 'notifications-demo-password';

export interface NotificationsStack extends TestStack {
  smtp: TestSmtp;
  /**
   * Signs a member up as a person would: registers, opens the link the confirmation email
   * carries (read from the test SMTP server), and is signed in. The verify answer (the user).
   */
  register(browser: Browser, body: { email: string } & Record<string, unknown>): Promise<Response>;
}

/** Identity (demo accounts), notifications sending to a real test SMTP server, the gateway. */
export async function startNotificationsStack(backend: Backend): Promise<NotificationsStack> {
  const smtp = await startSmtp();
  const stack = await startTestStack(backend, [
    identityForTests(DEMO_PASSWORD),
    notificationsForTests({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://uap.example' }),
  ]);
  return {
    ...stack,
    smtp,
    register: (browser, body) =>
      registerVerified(browser, (email) => verificationTokenFromSmtp(smtp, email), body),
    async stop() {
      await stack.stop();
      await smtp.stop();
    },
  };
}
