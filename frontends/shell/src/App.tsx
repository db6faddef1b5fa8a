import { GlobalStyle, Spinner, swrConfig, Toaster, theme, useSession } from '@uapqa/ui';
import { BrowserRouter, Route, Routes } from '@uapqa/ui/router';
import { useEffect } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { Layout } from './layout/Layout';
import { useScrollRestoration } from './layout/scroll-restoration';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import {
  AcceptInvitation,
  Account,
  Auth,
  ConfirmEmailChange,
  Contact,
  NewsletterConfirm,
  Privacy,
  ResetPassword,
  Terms,
  Unsubscribe,
  VerifyEmail,
} from './pages/routeChunks';
import { REMOTE_ROUTES, RemotePage } from './remotes';

function AppRoutes() {
  useScrollRestoration();
  const status = useSession((state) => state.status);
  const load = useSession((state) => state.load);
  useEffect(() => {
    // The page's start normally loads the session before the first render.
    if (useSession.getState().status === 'loading') void load();
  }, [load]);
  if (status === 'loading') return <Spinner label="Loading your session" />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Landing />} />
        <Route path="/auth" element={<Auth />} />
        <Route path="/contact" element={<Contact />} />
        <Route path="/verify-email" element={<VerifyEmail />} />
        <Route path="/privacy" element={<Privacy />} />
        <Route path="/terms" element={<Terms />} />
        <Route path="/unsubscribe" element={<Unsubscribe />} />
        <Route path="/newsletter/confirm" element={<NewsletterConfirm />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="/accept-invitation" element={<AcceptInvitation />} />
        <Route path="/confirm-email-change" element={<ConfirmEmailChange />} />
        <Route path="/account" element={<Account />} />
        {REMOTE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<RemotePage remote={route.remote} module={route.module} />}
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <SWRConfig value={swrConfig}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </SWRConfig>
    </ThemeProvider>
  );
}
