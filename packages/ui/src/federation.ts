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
  'react-router': singleton('^8.5.0'),
  'styled-components': singleton('^6.6.0'),
  zustand: singleton('^5.1.0'),
  swr: singleton('^2.5.0'),
  '@uapqa/ui': singleton(),
};

/** Remote names the gateway may list in `/remotes.json`. */
export const REMOTE_NAMES = ['members', 'experts', 'staff'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
