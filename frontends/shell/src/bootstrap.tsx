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
const pageCode = preloadRemotePage(window.location.pathname);

/** How long the first render waits for a remote page's code before it shows the frame alone. */
const PAGE_CODE_WAIT_MS = 3000;

// The session was asked for by the page's preload while this code downloaded, and a remote
// page's code was named in the HTML: the first render knows who is signed in and has the page,
// so it is the page itself, not the frame and a spinner followed by the page (and the remote's
// start-up work is done before anything shows, not while the visitor tries to use it). Not a
// top-level await: chunks loaded meanwhile (the form controls a remote page asks for) import
// from this module, and would wait for it to finish.
async function firstRender(): Promise<void> {
  await Promise.all([
    useSession.getState().load(),
    Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS))]),
  ]);
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
}

void firstRender();
