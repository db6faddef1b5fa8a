import { Spinner } from '@uapqa/ui';
import { type ComponentType, lazy, Suspense } from 'react';
import { PageBoundary } from '../remotes';

/*
 * Shell pages in their own chunks, fetched with their routes: the first paint of `/` carries none
 * of their code, nor the shared modules only they import (the tabs of /auth).
 */
const AuthPage = lazy(() => import('./Auth').then((module) => ({ default: module.Auth })));
const VerifyEmailPage = lazy(() =>
  import('./VerifyEmail').then((module) => ({ default: module.VerifyEmail })),
);
const ContactPage = lazy(() => import('./Contact').then((module) => ({ default: module.Contact })));
const PrivacyPage = lazy(() =>
  import('./legal/Privacy').then((module) => ({ default: module.Privacy })),
);
const TermsPage = lazy(() => import('./legal/Terms').then((module) => ({ default: module.Terms })));
const UnsubscribePage = lazy(() =>
  import('./Unsubscribe').then((module) => ({ default: module.Unsubscribe })),
);
const NewsletterConfirmPage = lazy(() =>
  import('./NewsletterConfirm').then((module) => ({ default: module.NewsletterConfirm })),
);
const AcceptInvitationPage = lazy(() =>
  import('./AcceptInvitation').then((module) => ({ default: module.AcceptInvitation })),
);
const ResetPasswordPage = lazy(() =>
  import('./ResetPassword').then((module) => ({ default: module.ResetPassword })),
);
const AccountPage = lazy(() => import('./Account').then((module) => ({ default: module.Account })));
const ConfirmEmailChangePage = lazy(() =>
  import('./ConfirmEmailChange').then((module) => ({ default: module.ConfirmEmailChange })),
);

/** A page in its own chunk; a failed fetch shows "temporarily unavailable" inside the layout. */
function RouteChunk({ name, page: Page }: { name: string; page: ComponentType }) {
  return (
    <PageBoundary name={`shell/${name}`}>
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}

export function Auth() {
  return <RouteChunk name="Auth" page={AuthPage} />;
}

export function Contact() {
  return <RouteChunk name="Contact" page={ContactPage} />;
}

export function VerifyEmail() {
  return <RouteChunk name="VerifyEmail" page={VerifyEmailPage} />;
}

export function Privacy() {
  return <RouteChunk name="Privacy" page={PrivacyPage} />;
}

export function Terms() {
  return <RouteChunk name="Terms" page={TermsPage} />;
}

export function Unsubscribe() {
  return <RouteChunk name="Unsubscribe" page={UnsubscribePage} />;
}

export function NewsletterConfirm() {
  return <RouteChunk name="NewsletterConfirm" page={NewsletterConfirmPage} />;
}

export function AcceptInvitation() {
  return <RouteChunk name="AcceptInvitation" page={AcceptInvitationPage} />;
}

export function ResetPassword() {
  return <RouteChunk name="ResetPassword" page={ResetPasswordPage} />;
}

export function Account() {
  return <RouteChunk name="Account" page={AccountPage} />;
}

export function ConfirmEmailChange() {
  return <RouteChunk name="ConfirmEmailChange" page={ConfirmEmailChangePage} />;
}
