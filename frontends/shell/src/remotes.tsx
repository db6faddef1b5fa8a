import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { REMOTE_ROUTES } from '@uapqa/contracts';
import { Button, Card, Spinner } from '@uapqa/ui';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

export { REMOTE_ROUTES };

export class RemoteUnavailableError extends Error {
  constructor(remote: string, cause?: unknown) {
    super(`The ${remote} remote could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

let manifest: Promise<Record<string, string>> | undefined;

/**
 * Reads `/remotes.json` (once per page) and registers every listed remote with the Module
 * Federation runtime. Nothing about the remotes is known at build time.
 */
export function remotesManifest(): Promise<Record<string, string>> {
  manifest ??= fetch('/remotes.json', { credentials: 'same-origin' })
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      return response.json() as Promise<Record<string, string>>;
    })
    .then((remotes) => {
      registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
      return remotes;
    })
    .catch((error) => {
      manifest = undefined;
      throw error;
    });
  return manifest;
}

/** Loads an exposed module's default export from a remote listed in `/remotes.json`. */
export async function loadRemotePage(remote: string, module: string): Promise<ComponentType> {
  let remotes: Record<string, string>;
  try {
    remotes = await remotesManifest();
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
  if (!remotes[remote]) throw new RemoteUnavailableError(remote);
  try {
    const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
    if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
    return loaded.default;
  } catch (error) {
    throw new RemoteUnavailableError(remote, error);
  }
}

/** Page modules asked for, by `remote/module`; a failed load is forgotten so the next try asks again. */
const loading = new Map<string, Promise<{ default: ComponentType }>>();
function pageModule(remote: string, module: string): Promise<{ default: ComponentType }> {
  const key = `${remote}/${module}`;
  let page = loading.get(key);
  if (!page) {
    page = loadRemotePage(remote, module).then((component) => ({ default: component }));
    page.catch(() => loading.delete(key));
    loading.set(key, page);
  }
  return page;
}

const pages = new Map<string, ComponentType>();
function lazyPage(remote: string, module: string): ComponentType {
  const key = `${remote}/${module}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => pageModule(remote, module));
    pages.set(key, page);
  }
  return page;
}

/** Whether a route pattern (`:name` for one segment) matches a path. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]))
  );
}

/**
 * Starts loading the remote page of the address the browser opened, if it is one, while the
 * session is still being asked for: the page's code then arrives alongside the session instead
 * of after it. Settles when that page's code has loaded or failed (at once for the shell's own
 * pages, so no remote code loads before its route).
 */
export function preloadRemotePage(pathname: string): Promise<void> {
  const route = REMOTE_ROUTES.find((candidate) => matches(candidate.path, pathname));
  if (!route) return Promise.resolve();
  return pageModule(route.remote, route.module).then(
    () => {},
    // A page that cannot load is shown as such where it belongs, by its route.
    () => {},
  );
}

export function RemoteError({ onRetry }: { onRetry?: () => void }) {
  return (
    <Card role="alert" data-testid="remote-error" style={{ maxWidth: 560, margin: '3rem auto' }}>
      <h2>This section is temporarily unavailable</h2>
      <p>We couldn't load this part of the site. Please check your connection and try again.</p>
      {onRetry ? <Button onClick={onRetry}>Try Again</Button> : null}
    </Card>
  );
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Catches a page that fails to load or render, a remote's or a shell page in its own chunk
 * (pages/routeChunks.tsx), and shows RemoteError inside the layout.
 */
export class PageBoundary extends Component<{ children: ReactNode; name: string }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(`Page ${this.props.name} failed`, error);
  }

  override componentDidUpdate(previous: { name: string }): void {
    if (previous.name !== this.props.name && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) {
      return (
        <RemoteError
          onRetry={() => {
            pages.delete(this.props.name);
            loading.delete(this.props.name);
            window.location.reload();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** A route rendered by a remote's exposed page. */
export function RemotePage({ remote, module }: { remote: string; module: string }) {
  const Page = lazyPage(remote, module);
  return (
    <PageBoundary name={`${remote}/${module}`}>
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}
