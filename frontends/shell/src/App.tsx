import {
  GlobalStyle,
  Spinner,
  swrConfig,
  Toaster,
  TooltipProvider,
  theme,
  useSession,
} from '@uapqa/ui';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { Layout } from './layout/Layout';
import { Auth } from './pages/Auth';
import { Contact } from './pages/Contact';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import { REMOTE_ROUTES, RemotePage } from './remotes';

function AppRoutes() {
  const status = useSession((state) => state.status);
  const load = useSession((state) => state.load);
  useEffect(() => {
    void load();
  }, [load]);
  if (status === 'loading') return <Spinner label="Loading your session" />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Landing />} />
        <Route path="/auth" element={<Auth />} />
        <Route path="/contact" element={<Contact />} />
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
        <TooltipProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </TooltipProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
