import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountFrontends } from '../src/static.js';

// As in production: @hono/node-server's own Response, whose headers behave differently from the
// global one's once they are changed after the answer was made.
getRequestListener(() => new Response(null));

const dir = mkdtempSync(join(tmpdir(), 'frontends-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A build folder; `compressed` files also get the .br and .gz copies the build writes. */
function built(name: string, files: Record<string, string>, compressed: string[] = []) {
  for (const [file, text] of Object.entries(files)) {
    const path = join(dir, name, 'dist', file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    if (compressed.includes(file)) {
      writeFileSync(`${path}.br`, brotliCompressSync(text));
      writeFileSync(`${path}.gz`, gzipSync(text));
    }
  }
}

const SHELL_JS = `export const shell = "${'the shell '.repeat(300)}";`;
const MEMBERS_JS = `export const browse = "${'browse '.repeat(300)}";`;
const MEMBERS_MANIFEST = JSON.stringify({ id: 'members', padding: 'x'.repeat(2000) });
// What the remote's build lists as each page's code; a path that could leave the folder is
// never preloaded.
const MEMBERS_PAGE_CHUNKS = JSON.stringify({
  BrowseQA: [
    'assets/BrowseQA-Ab12Cd34.js',
    'assets/shared-Ef56Gh78.js',
    'assets/_virtual_mf___members__loadShare___mf_0_uapqa_mf_1_ui__loadShare__.js-Mn34Op56.js',
    '../../secrets.js',
    'https://elsewhere.example.com/x.js',
  ],
  Dashboard: ['assets/Dashboard-Ij90Kl12.js'],
});

built(
  'shell',
  {
    'index.html':
      '<!doctype html><html><head><title>UAP Answers</title></head><body><div id="root"></div></body></html>',
    'assets/index-Qw12Er34.js': SHELL_JS,
    'remote-page-chunks.json': JSON.stringify({ files: ['assets/controls-Rt56Yu78.js'] }),
    'route-chunks.json': JSON.stringify({
      '/auth': ['assets/Auth-Zx98Cv76.js', 'assets/index.esm-Bn54Mq32.js', '../../secrets.js'],
    }),
  },
  ['assets/index-Qw12Er34.js'],
);
built(
  'members',
  {
    'mf-manifest.json': MEMBERS_MANIFEST,
    'page-chunks.json': MEMBERS_PAGE_CHUNKS,
    'remoteEntry.js': `export const entry = "${'entry '.repeat(300)}";`,
    'assets/BrowseQA-Ab12Cd34.js': MEMBERS_JS,
  },
  ['mf-manifest.json', 'remoteEntry.js', 'assets/BrowseQA-Ab12Cd34.js'],
);

const app = new Hono();
mountFrontends(app, dir, { staff: 'https://cdn.example.com/staff/mf-manifest.json' });

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('frontends', () => {
  it('tells the shell at run time where each remote is, revalidated on every use', async () => {
    const response = await get('/remotes.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      members: '/remotes/members/mf-manifest.json',
      staff: 'https://cdn.example.com/staff/mf-manifest.json',
    });
  });

  it("serves a remote's build under /remotes/<name>/ and the shell for any page", async () => {
    const manifest = await get('/remotes/members/mf-manifest.json');
    expect(await manifest.json()).toMatchObject({ id: 'members' });
    const page = await get('/browse-qa');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('compression', () => {
  for (const path of [
    '/assets/index-Qw12Er34.js',
    '/remotes/members/assets/BrowseQA-Ab12Cd34.js',
  ]) {
    const text = path.startsWith('/assets') ? SHELL_JS : MEMBERS_JS;

    it(`sends ${path} as the brotli copy the build wrote when the browser takes brotli`, async () => {
      const response = await get(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(body.length).toBeLessThan(text.length / 4);
      expect(brotliDecompressSync(body).toString()).toBe(text);
    });

    it(`sends ${path} gzipped to a browser without brotli`, async () => {
      const response = await get(path, { 'Accept-Encoding': 'gzip' });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(text);
    });

    it(`sends ${path} as built to a client that takes no encoding, still varying on it`, async () => {
      const response = await get(path);
      expect(response.headers.get('content-encoding')).toBeNull();
      // Else a shared cache could hand this uncompressed copy to every browser.
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(text);
    });
  }

  it("compresses a remote's manifest and entry too", async () => {
    for (const path of ['/remotes/members/mf-manifest.json', '/remotes/members/remoteEntry.js']) {
      const response = await get(path, { 'Accept-Encoding': 'br' });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    }
  });

  it('gzips the page itself', async () => {
    const response = await get('/', { 'Accept-Encoding': 'gzip, br' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const page = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(page).toContain('<div id="root">');
  });
});

describe('caching', () => {
  it('keeps hashed build files a year without asking again', async () => {
    for (const path of [
      '/assets/index-Qw12Er34.js',
      '/remotes/members/assets/BrowseQA-Ab12Cd34.js',
    ]) {
      for (const encoding of ['br', 'gzip', '']) {
        const response = await get(path, encoding ? { 'Accept-Encoding': encoding } : {});
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('answers a missing build file 404, never with the page (which would be kept a year)', async () => {
    for (const path of ['/assets/index-Old00000.js', '/remotes/members/assets/Gone-0000.js']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBeNull();
      expect(await response.text()).not.toContain('<div id="root">');
    }
  });

  const revalidated = [
    '/',
    '/index.html',
    '/browse-qa',
    '/remotes.json',
    '/remotes/members/mf-manifest.json',
    '/remotes/members/remoteEntry.js',
  ];
  for (const path of revalidated) {
    it(`has ${path} revalidated: no-cache with an ETag, 304 when unchanged`, async () => {
      for (const encoding of ['br', 'gzip', '']) {
        const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {};
        const first = await get(path, headers);
        expect(first.status).toBe(200);
        expect(first.headers.get('cache-control')).toBe('no-cache');
        const tag = first.headers.get('etag');
        expect(tag).toMatch(/^(W\/)?"[^"]+"$/);
        await first.arrayBuffer();

        const again = await get(path, { ...headers, 'If-None-Match': tag as string });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('etag')).toBe(tag);
        expect(again.headers.get('cache-control')).toBe('no-cache');

        const changed = await get(path, { ...headers, 'If-None-Match': '"an-older-build"' });
        expect(changed.status).toBe(200);
      }
    });
  }

  it('tags each encoding of a file differently, so a cache never mixes them up', async () => {
    const tags = new Set<string | null>();
    for (const encoding of ['br', 'gzip', '']) {
      const response = await get('/remotes/members/mf-manifest.json', {
        'Accept-Encoding': encoding,
      });
      tags.add(response.headers.get('etag'));
    }
    expect(tags.size).toBe(3);
  });
});

describe("a remote's page", () => {
  const links = (page: string) =>
    [...page.matchAll(/<link rel="(preload|modulepreload)" href="([^"]+)"[^>]*>/g)].map(
      ([, rel, href]) => `${rel} ${href}`,
    );

  it("preloads the remote's manifest, entry and the code of its page with the HTML", async () => {
    const page = await (await get('/browse-qa')).text();
    expect(links(page)).toEqual([
      'preload /remotes.json',
      'preload /remotes/members/mf-manifest.json',
      'modulepreload /remotes/members/remoteEntry.js',
      'modulepreload /remotes/members/assets/BrowseQA-Ab12Cd34.js',
      'modulepreload /remotes/members/assets/shared-Ef56Gh78.js',
      // The remote's wrapper around what it shares, and the shell's chunks a remote page uses.
      'modulepreload /remotes/members/assets/_virtual_mf___members__loadShare___mf_0_uapqa_mf_1_ui__loadShare__.js-Mn34Op56.js',
      'modulepreload /assets/controls-Rt56Yu78.js',
      'preload /api/questions?limit=15',
      'preload /api/categories',
      'preload /api/tags',
      'preload /api/creators',
    ]);
    // What fetch() asks for (cors, same-origin credentials), so the browser reuses the preload.
    expect(page).toContain('<link rel="preload" href="/remotes.json" as="fetch" crossorigin>');
    expect(page.indexOf('modulepreload')).toBeLessThan(page.indexOf('</head>'));
  });

  it('preloads by route, parameters included', async () => {
    expect(links(await (await get('/dashboard')).text())).toContain(
      'modulepreload /remotes/members/assets/Dashboard-Ij90Kl12.js',
    );
    expect(links(await (await get('/questions/0196a3c2')).text())).toContain(
      'modulepreload /remotes/members/remoteEntry.js',
    );
  });

  it('preloads only the manifest of a remote deployed elsewhere', async () => {
    const page = await (await get('/admin-dashboard')).text();
    expect(links(page)).toEqual([
      'preload /remotes.json',
      'preload https://cdn.example.com/staff/mf-manifest.json',
    ]);
  });

  it("preloads nothing for a page in the shell's start nor for a remote that is not built", async () => {
    for (const path of ['/no-such-page', '/experts']) {
      expect(links(await (await get(path)).text())).toEqual([]);
    }
  });

  it("preloads the chunks of the shell's own page in a chunk of its own, and nothing outside the build", async () => {
    for (const path of ['/auth', '/auth/']) {
      expect(links(await (await get(path)).text())).toEqual([
        'modulepreload /assets/Auth-Zx98Cv76.js',
        'modulepreload /assets/index.esm-Bn54Mq32.js',
      ]);
    }
  });

  it('preloads the API reads a page makes first, as the fetch of a signed-in page asks', async () => {
    const page = await (await get('/')).text();
    expect(links(page)).toEqual(['preload /api/creators', 'preload /api/member-count']);
    // With the cookies, as the page's own calls send them, so the browser reuses the answer.
    expect(page).toContain(
      '<link rel="preload" href="/api/member-count" as="fetch" crossorigin="use-credentials">',
    );
  });

  it('preloads no API read for a page opened with a query, which asks for other things', async () => {
    const page = await (await get('/browse-qa?search=radar')).text();
    expect(links(page).filter((link) => link.includes('/api/'))).toEqual([]);
  });
});
