import { registerReactInstance, useSession } from '@uapqa/ui';
import React, { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startFederation } from './federation';
import { preloadRemotePage, remotesManifest } from './remotes';

startFederation();
registerReactInstance(React, 'shell');
// Start reading /remotes.json at once; a failure is shown where a remote page is needed.
remotesManifest().catch(() => {});
preloadRemotePage(window.location.pathname);

// The session was asked for by the page's preload while this code downloaded: the first render
// already knows who is signed in, so it is the page itself and not a spinner followed by the page.
await useSession.getState().load();

// A transition: React renders the first page in slices that leave the main thread free every
// few milliseconds, instead of one long task a phone cannot answer a tap during.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <React.StrictMode>
      <App />
    </React.StrictMode>,
  );
});
