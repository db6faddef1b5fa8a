import { registerReactInstance } from '@uapqa/ui';
import React from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadRemotePage, remotesManifest } from './remotes';

registerReactInstance(React, 'shell');
// Start reading /remotes.json at once; a failure is shown where a remote page is needed.
remotesManifest().catch(() => {});
preloadRemotePage(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <App />
  </React.StrictMode>,
);
