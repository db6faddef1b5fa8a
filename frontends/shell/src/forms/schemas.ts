// First: zod must be told before any schema is built (see the module).
import '@uapqa/contracts/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangeEmailBody,
  ChangePasswordFields,
  CloseAccountBody,
  ContactBody,
  LoginBody,
  NewPasswordFields,
  NewsletterSubscribeBody,
  PasswordResetBody,
  RegisterFields,
  ResendVerificationBody,
  WaitlistJoinBody,
} from '@uapqa/contracts';

// The API's own schemas, so a form refuses what the API would, in its words. Only `resolvers.ts`
// imports this module, with `import()`: zod comes in its chunk, never with the landing page.
export const contact = zodResolver(ContactBody);
export const login = zodResolver(LoginBody);
export const registration = zodResolver(RegisterFields);
export const resend = zodResolver(ResendVerificationBody);
export const waitlist = zodResolver(WaitlistJoinBody);
export const newsletter = zodResolver(NewsletterSubscribeBody);
export const passwordReset = zodResolver(PasswordResetBody);
export const newPassword = zodResolver(NewPasswordFields);
export const changePassword = zodResolver(ChangePasswordFields);
export const changeEmail = zodResolver(ChangeEmailBody);
export const closeAccount = zodResolver(CloseAccountBody);
