import { GlobalStyle, Spinner, swrConfig, Toaster, theme, useSession } from '@uapqa/ui';
import { BrowserRouter, Route, Routes } from '@uapqa/ui/router';
import { useEffect } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { Layout } from './layout/Layout';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import { Auth, Contact, VerifyEmail } from './pages/routeChunks';
import { REMOTE_ROUTES, RemotePage } from './remotes';

function AppRoutes() {
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
