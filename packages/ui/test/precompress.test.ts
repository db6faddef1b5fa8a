// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../src/precompress';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  const script = `export const text = ${JSON.stringify('a beam of light '.repeat(400))};\n`;
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'page-Ab12.js'), script);
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ padding: 'x'.repeat(4000) }));
  writeFileSync(join(dir, 'tiny.js'), 'export {};\n');
  writeFileSync(join(dir, 'picture.png'), Buffer.alloc(4000, 7));

  it('writes brotli and gzip copies of every text file beside it, even in sub-folders', async () => {
    await precompressDir(dir);
    const file = join(dir, 'assets', 'page-Ab12.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(readFileSync(`${file}.gz`).length);
    expect(existsSync(join(dir, 'mf-manifest.json.br'))).toBe(true);
    expect(existsSync(join(dir, 'mf-manifest.json.gz'))).toBe(true);
  });

  it('leaves alone files too small to gain and files that are not text', () => {
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
    expect(existsSync(join(dir, 'picture.png.br'))).toBe(false);
  });
});
