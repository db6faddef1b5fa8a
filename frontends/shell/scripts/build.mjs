/**
 * `vite build`, checked. @module-federation/vite (1.23) writes the shell's map of the shared
 * modules it provides at start ("materialize") while the build is still discovering which of them
 * the shell imports. On a loaded machine it once left out `@uapqa/ui/router`: that build exited 0,
 * and the shell it produced never rendered a page. The build now reads the map it wrote and, if a
 * share the shell imports is missing, builds again; after three such builds it fails, naming them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const assets = join(root, 'dist', 'assets');
/** Shared modules the shell provides for the remotes but never imports itself. */
const PROVIDED_ONLY = new Set(['react/jsx-dev-runtime', '@uapqa/ui/controls']);
const ATTEMPTS = 3;

/** The shares the built map leaves unprovided at start, among those the shell imports. */
function missingShares(mapSource) {
  const entries = [
    ...mapSource.matchAll(/name:\s*[`'"]([^`'"]+)[`'"][^{}]*?materialize:\s*(!0|!1|true|false)/g),
  ];
  if (entries.length === 0) throw new Error('no shared modules found in the built map');
  return entries
    .filter(([, , flag]) => flag === '!1' || flag === 'false')
    .map(([, name]) => name)
    .filter((name) => !PROVIDED_ONLY.has(name));
}

function builtMap() {
  const file = readdirSync(assets).find(
    (name) => name.startsWith('_virtual_mf-localSharedImportMap') && name.endsWith('.js'),
  );
  if (!file) throw new Error(`no shared-module map in ${assets}`);
  return readFileSync(join(assets, file), 'utf8');
}

let missing = [];
for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
  await build({ root, configFile: join(root, 'vite.config.ts') });
  missing = missingShares(builtMap());
  if (missing.length === 0) process.exit(0);
  console.warn(
    `shell build ${attempt}/${ATTEMPTS}: the shared-module map leaves out ${missing.join(', ')}` +
      (attempt < ATTEMPTS ? '; building again' : ''),
  );
}
console.error(
  `the shell does not provide ${missing.join(', ')} at start: its pages would not load`,
);
process.exit(1);
