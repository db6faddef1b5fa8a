/**
 * The Module Federation share list of the shell and every remote: one copy of each of these
 * per page, whoever loads first provides it. Kept here so host and remotes cannot disagree.
 */
const singleton = (requiredVersion?: string) =>
  requiredVersion ? { singleton: true, requiredVersion } : { singleton: true };

export const federationShared = {
  react: singleton('^19.3.0'),
  'react/jsx-runtime': singleton('^19.3.0'),
  'react/jsx-dev-runtime': singleton('^19.3.0'),
  'react-dom': singleton('^19.3.0'),
  'react-dom/client': singleton('^19.3.0'),
  'styled-components': singleton('^6.6.0'),
  zustand: singleton('^5.1.0'),
  swr: singleton('^2.5.0'),
  '@uapqa/ui': singleton(),
  // Not `react-router`: shared whole, it put 66 KB gzipped in the first paint of `/`. Every
  // frontend routes through this entry, which bundles only the exports they use; still one
  // router context per page.
  '@uapqa/ui/router': singleton(),
  // The remotes' form controls and tooltip: their own singleton, which the shell provides but
  // never imports, so `/` does not load it. (The plugin loads every shared module the host
  // imports anywhere at its start, lazy chunks included: that is why `@uapqa/ui/dialog` and
  // `@uapqa/ui/tabs`, which hold no state to share, are not listed and are bundled where used.)
  '@uapqa/ui/controls': singleton(),
};

/** Remote names the gateway may list in `/remotes.json`. */
export { REMOTE_NAMES, type RemoteName } from '@uapqa/contracts';
