import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteHostApp } from '../src/app.js';

const root = mkdtempSync(join(tmpdir(), 'remote-host-'));
mkdirSync(join(root, 'assets'));
const manifest = JSON.stringify({ name: 'members', metaData: { publicPath: 'auto' } });
writeFileSync(join(root, 'mf-manifest.json'), manifest);
writeFileSync(join(root, 'remoteEntry.js'), 'export const init = () => {};');
writeFileSync(join(root, 'assets', 'page-1a2b3c.js'), 'export default 1;');
writeFileSync(join(root, 'assets', 'page-1a2b3c.js.br'), brotliCompressSync('export default 1;'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a remote served on its own origin', () => {
  const app = remoteHostApp(root);

  it('lets the shell of another origin read its manifest and entry, revalidated each time', async () => {
    for (const path of ['/mf-manifest.json', '/remoteEntry.js']) {
      const response = await app.request(path, { headers: { Origin: 'https://uap.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(response.headers.get('ETag')).toBeTruthy();
    }
    const body = await (await app.request('/mf-manifest.json')).json();
    expect(body).toEqual(JSON.parse(manifest));
  });

  it('keeps hashed files for a year and sends the brotli copy to browsers that take it', async () => {
    const response = await app.request('/assets/page-1a2b3c.js', {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unchanged file with 304 and a missing one with 404, never cached for a year', async () => {
    const first = await app.request('/remoteEntry.js');
    const again = await app.request('/remoteEntry.js', {
      headers: { 'If-None-Match': first.headers.get('ETag') ?? '' },
    });
    expect(again.status).toBe(304);
    const missing = await app.request('/assets/gone-000000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBeNull();
  });

  it('narrows CORS to the shell origins it is given', async () => {
    const narrow = remoteHostApp(root, { allowOrigin: ['https://uap.example'] });
    const ours = await narrow.request('/remoteEntry.js', {
      headers: { Origin: 'https://uap.example' },
    });
    expect(ours.headers.get('Access-Control-Allow-Origin')).toBe('https://uap.example');
    const theirs = await narrow.request('/remoteEntry.js', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(theirs.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('serves under the path an Ingress sends it, and nothing outside it', async () => {
    const routed = remoteHostApp(root, { basePath: '/remotes/members/' });
    const entry = await routed.request('/remotes/members/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(await entry.text()).toContain('init');
    const asset = await routed.request('/remotes/members/assets/page-1a2b3c.js');
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect((await routed.request('/remoteEntry.js')).status).toBe(404);
    expect((await routed.request('/health')).status).toBe(200);
  });

  it('is healthy only with a remote build in its folder', async () => {
    expect((await app.request('/health')).status).toBe(200);
    const empty = mkdtempSync(join(tmpdir(), 'remote-host-empty-'));
    try {
      expect((await remoteHostApp(empty).request('/health')).status).toBe(503);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
