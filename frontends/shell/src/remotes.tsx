import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { Button, Card, Spinner } from '@uapqa/ui';
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';

export { REMOTE_ROUTES } from '@uapqa/contracts';

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

const pages = new Map<string, ComponentType>();
function lazyPage(remote: string, module: string): ComponentType {
  const key = `${remote}/${module}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() => loadRemotePage(remote, module).then((component) => ({ default: component })));
    pages.set(key, page);
  }
  return page;
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
