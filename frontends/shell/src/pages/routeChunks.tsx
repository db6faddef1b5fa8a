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
