import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The types worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a request's headers. */
const MIN_BYTES = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of a build
 * folder, each only when it is smaller than the file. Compressing once at build time affords
 * the slowest, smallest settings; the gateway then picks the copy the browser accepts.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number }> {
  let count = 0;
  let saved = 0;
  const work: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    work.push(
      (async () => {
        const body = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzipAsync(body, { level: 9 }),
        ]);
        for (const [suffix, copy] of [
          ['.br', br],
          ['.gz', gz],
        ] as const) {
          if (copy.length >= body.length) continue;
          await writeFile(`${path}${suffix}`, copy);
          saved += body.length - copy.length;
        }
        count++;
      })(),
    );
  }
  await Promise.all(work);
  return { files: count, bytes: saved };
}

/**
 * A Vite plugin: after a production build, the brotli and gzip copies of its text files
 * (`precompressDir`). Structurally a Vite plugin: it imports nothing from Vite.
 */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'uapqa-precompress',
    apply: 'build' as const,
    enforce: 'post' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Rolldown also closes a bundle that failed before writing anything: the build's own
      // error then says why, not a missing folder.
      if (!existsSync(outDir)) return;
      await precompressDir(outDir);
    },
  };
}
