#!/usr/bin/env node
// `pnpm dev`: the embedded stack restarting on change, and the shell and every remote on Vite's
// dev server with hot reload. Open http://localhost:5173 (the shell); the API is on :3000.
import { spawn, spawnSync } from 'node:child_process';

// biome-ignore lint/suspicious/noUndeclaredEnvVars: a launcher, not a turbo task
const API_PORT = Number(process.env.PORT ?? 3000);
/** The shell first: the page to open. The remotes follow, each on its own port. */
const FRONTENDS = [
  { name: 'shell', port: 5173 },
  { name: 'members', port: 5174 },
  { name: 'experts', port: 5175 },
  { name: 'staff', port: 5176 },
];
const SHELL_ORIGIN = `http://localhost:${FRONTENDS[0].port}`;
const BACKEND = '--filter=@uapqa/embedded...';

// The frontends import @uapqa/ui's build and the stack runs the services' builds: build them once.
const first = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', BACKEND, '--filter=@uapqa/ui'], {
  stdio: 'inherit',
});
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [];
function start(label, command, args, env = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `${label.padEnd(8)}│ `;
  const relay = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line) out.write(`${prefix}${line}\n`);
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on('exit', (code) => process.stdout.write(`${prefix}exited (${code ?? 'signal'})\n`));
  children.push(child);
}

// A change under services/, gateway/, packages/ or infra/embedded/ rebuilds what it touches;
// node --watch restarts the stack when a file it loaded changes.
start('build', 'pnpm', ['exec', 'turbo', 'watch', 'build', BACKEND, '--filter=@uapqa/ui']);
start('stack', process.execPath, ['--watch', 'infra/embedded/dist/main.js'], {
  PORT: String(API_PORT),
  // The shell's dev server proxies /api and /remotes.json here; its page sends the API its own
  // origin, which the gateway then admits for mutations.
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: a launcher, not a turbo task
  ALLOWED_ORIGINS: [process.env.ALLOWED_ORIGINS, SHELL_ORIGIN].filter(Boolean).join(','),
  // `/remotes.json` sends the shell to each remote's dev server, which serves its manifest.
  ...Object.fromEntries(
    FRONTENDS.slice(1).map(({ name, port }) => [
      `REMOTE_${name.toUpperCase()}_URL`,
      `http://localhost:${port}/mf-manifest.json`,
    ]),
  ),
});
for (const { name, port } of FRONTENDS) {
  start(name, 'pnpm', [
    '--filter',
    `@uapqa/${name}`,
    'exec',
    'vite',
    '--port',
    String(port),
    '--strictPort',
  ]);
}

process.stdout.write(`\n  Open ${SHELL_ORIGIN} (API on http://localhost:${API_PORT}).\n\n`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
