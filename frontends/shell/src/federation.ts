import { init, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import injectExternalRuntimeCore from '@module-federation/vite/injectExternalRuntimeCorePlugin';
import * as ui from '@uapqa/ui';
import { federationShared } from '@uapqa/ui/federation';
import * as router from '@uapqa/ui/router';
import * as React from 'react';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as styled from 'styled-components';
import * as swr from 'swr';
import * as zustand from 'zustand';
import shell from '../package.json' with { type: 'json' };

type SharedName = keyof typeof federationShared;

/**
 * What the shell hands the remotes, by the names they share (`@uapqa/ui/federation`): the very
 * modules the shell's own bundle runs, so a page has one React, one router and one session
 * store. The form controls are for remote pages only: fetched when a remote first asks for them.
 */
const provided: Record<SharedName, () => Promise<object> | object> = {
  react: () => React,
  'react/jsx-runtime': () => jsxRuntime,
  'react/jsx-dev-runtime': () => jsxDevRuntime,
  'react-dom': () => ReactDOM,
  'react-dom/client': () => ReactDOMClient,
  'styled-components': () => styled,
  zustand: () => zustand,
  swr: () => swr,
  '@uapqa/ui': () => ui,
  '@uapqa/ui/router': () => router,
  '@uapqa/ui/controls': () => import('@uapqa/ui/controls'),
};

function sharedConfig(name: SharedName): { requiredVersion?: string } {
  return federationShared[name];
}

/** The version the shell provides of a shared package: its own pinned dependency. */
function versionOf(name: SharedName): string {
  const packageName = name.startsWith('@')
    ? name.split('/').slice(0, 2).join('/')
    : name.split('/')[0];
  const pinned = (shell.dependencies as Record<string, string>)[packageName ?? name];
  // The workspace's own packages are built with the shell: any version is theirs.
  return pinned && /^\d/.test(pinned) ? pinned : '0.0.0';
}

/**
 * Starts the Module Federation runtime as the host. The shell is a plain Vite build that
 * provides its shared modules through the runtime's API rather than the build plugin, whose
 * wrapper and share-map files were most of the requests a page made before its first render.
 * The runtime is published for the remotes, built with `externalRuntime`, to run on.
 */
export function startFederation(): void {
  init({
    name: 'shell',
    remotes: [],
    // The plugin is typed against its own copy of the runtime's declarations.
    plugins: [injectExternalRuntimeCore() as unknown as ModuleFederationRuntimePlugin],
    shared: Object.fromEntries(
      (Object.keys(provided) as SharedName[]).map((name) => {
        const load = provided[name];
        return [
          name,
          {
            version: versionOf(name),
            scope: 'default',
            get: async () => {
              const module = await load();
              return () => module;
            },
            shareConfig: {
              singleton: true,
              // The workspace's own packages ask for no version: they are built with the shell.
              requiredVersion: sharedConfig(name).requiredVersion ?? false,
            },
          },
        ];
      }),
    ),
  });
}
