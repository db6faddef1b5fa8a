import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What the images hold, checked without a Docker engine: the gateway's and a remote's runtime
// folders laid out by the script the image build runs, each started as its image starts it.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'uapqa-deploy-'));
const running: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node dist/main.js` in a deploy folder, as the image's CMD does, and waits for `path`. */
async function start(folder: string, env: Record<string, string>, path: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: folder,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.push(child);
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${folder} exited: ${errors}`);
    const answered = await fetch(`${url}${path}`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const packagesIn = (folder: string) => readdirSync(join(folder, 'node_modules', '.pnpm'));

describe('the images\u2019 runtime folders (infra/docker/deploy.sh)', () => {
  let gateway = '';
  let members = '';

  beforeAll(async () => {
    await promisify(execFile)('sh', ['infra/docker/deploy.sh', out, 'gateway', 'members'], {
      cwd: root,
    });
    members = await start(
      join(out, 'members'),
      { STATIC_DIR: join(out, 'members', 'site') },
      '/health',
    );
    gateway = await start(
      join(out, 'gateway'),
      {
        FRONTENDS_DIR: join(out, 'gateway', 'frontends'),
        REMOTE_MEMBERS_URL: `${members}/mf-manifest.json`,
        LOG_LEVEL: 'silent',
      },
      '/health',
    );
  }, 300_000);

  afterAll(() => {
    for (const child of running) child.kill();
    rmSync(out, { recursive: true, force: true });
  });

  it('gives the gateway the web shell: the landing page and every page of the site', async () => {
    for (const path of ['/', '/browse-qa', '/auth']) {
      const page = await fetch(`${gateway}${path}`);
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain('<div id="root">');
      expect(html, path).not.toContain('has not been built');
    }
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(
      await (await fetch(gateway)).text(),
    )?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${gateway}${script}`)).status).toBe(200);
  });

  it('sends the shell to the remote deployed on its own, which serves its entry', async () => {
    const remotes = await (await fetch(`${gateway}/remotes.json`)).json();
    expect(remotes.members).toBe(`${members}/mf-manifest.json`);
    const entry = await fetch(`${members}/remoteEntry.js`, { headers: { Origin: gateway } });
    expect(entry.status).toBe(200);
    expect(entry.headers.get('Content-Type')).toMatch(/javascript/);
    expect(entry.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const manifest = await (await fetch(`${members}/mf-manifest.json`)).json();
    expect(manifest.name).toBe('members');
  });

  it('leaves PGlite and the database drivers out of the gateway and the remote host', () => {
    for (const folder of ['gateway', 'members']) {
      const installed = packagesIn(join(out, folder)).join('\n');
      expect(installed, folder).not.toMatch(/pglite|drizzle-orm|^postgres@/m);
      expect(existsSync(join(out, folder, 'node_modules', 'vitest')), folder).toBe(false);
    }
  });
});
