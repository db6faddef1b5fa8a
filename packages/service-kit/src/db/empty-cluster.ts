import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A fresh in-memory PGlite runs initdb first: about 2 s of a 2-core machine's CPU, twenty times
 * what a service's migrations then take. In-memory databases are what every integration suite
 * starts, five at a time for the whole product, and new data folders what the embedded mode's
 * first start opens. So each starts instead from a copy of one empty cluster (PGlite's own
 * data-folder dump), made once per machine and PGlite install and kept in the temporary folder.
 * Migrations still run on every database, from nothing.
 */
let cached: Promise<Blob> | undefined;

export function emptyCluster(PGliteClass: typeof PGlite): Promise<Blob> {
  cached ??= loadOrMake(PGliteClass).catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadOrMake(PGliteClass: typeof PGlite): Promise<Blob> {
  // Named for the PGlite it came from (its resolved path holds the version), which alone can load
  // it. Resolved through require: Vite's module runner, which runs Vitest's global setups, has
  // no import.meta.resolve.
  const resolved = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const install = createHash('sha256').update(resolved);
  const file = join(
    tmpdir(),
    `uapqa-pglite-empty-cluster-${install.digest('hex').slice(0, 16)}.tar`,
  );
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet on this machine (or being made by another process): make it.
  }
  const fresh = new PGliteClass();
  await fresh.waitReady;
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  // Written under a name of its own, then renamed: a process reading it never sees half a file.
  const partial = `${file}.${randomUUID()}`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}
