import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountFrontends } from '../src/static.js';

const dir = mkdtempSync(join(tmpdir(), 'frontends-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function built(name: string, files: Record<string, string>) {
  mkdirSync(join(dir, name, 'dist'), { recursive: true });
  for (const [file, text] of Object.entries(files))
    writeFileSync(join(dir, name, 'dist', file), text);
}

describe('frontends', () => {
  built('shell', { 'index.html': '<!doctype html><div id="root"></div>' });
  built('members', { 'mf-manifest.json': '{"id":"members"}', 'remoteEntry.js': 'export {}' });
  const app = new Hono();
  mountFrontends(app, dir, { staff: 'https://cdn.example.com/staff/mf-manifest.json' });

  it('tells the shell at run time where each remote is, uncached', async () => {
    const response = await app.request('/remotes.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      members: '/remotes/members/mf-manifest.json',
      staff: 'https://cdn.example.com/staff/mf-manifest.json',
    });
  });

  it("serves a remote's build under /remotes/<name>/ and the shell for any page", async () => {
    const manifest = await app.request('/remotes/members/mf-manifest.json');
    expect(await manifest.json()).toEqual({ id: 'members' });
    const page = await app.request('/browse-qa');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});
