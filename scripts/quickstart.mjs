#!/usr/bin/env node
// The README's two commands. Needs only Node.js and npm: pnpm comes from the npm registry
// through npx, at the version the repository pins, so nothing else has to be installed first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSlowestTasks } from './slowest-tasks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = packageManager.replace(/^pnpm@/, '');

function installedPnpm() {
  const probe = spawnSync('pnpm', ['--version'], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  return probe.status === 0 && probe.stdout.trim() === pnpmVersion;
}

const pnpm = installedPnpm() ? ['pnpm'] : ['npx', '--yes', `pnpm@${pnpmVersion}`];

/**
 * Runs pnpm with `args` (and `env` on top of this process's); exits with its status when it
 * fails, after `after` has run.
 */
function run(args, after, env = {}) {
  const [command, ...rest] = [...pnpm, ...args];
  process.stdout.write(`\n> ${[command, ...rest].join(' ')}\n`);
  const result = spawnSync(command, rest, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, ...env },
  });
  after?.();
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A new folder on /dev/shm, or undefined where there is none or it cannot be written. */
function memoryScratchFolder() {
  if (!existsSync('/dev/shm')) return undefined;
  try {
    return mkdtempSync('/dev/shm/uapqa-test-');
  } catch {
    return undefined;
  }
}

const task = process.argv[2];
const frozen = process.env.CI ? ['--frozen-lockfile'] : ['--frozen-lockfile', '--prefer-offline'];

if (task === 'start') {
  run(['install', ...frozen]);
  run(['turbo', 'run', 'build', '--output-logs=errors-only']);
  run(['--filter', '@uapqa/embedded', 'start']);
} else if (task === 'test') {
  run(['install', ...frozen]);
  run(['lint']);
  // The suites' scratch data (PGlite data folders, mailboxes, NATS stores, Chromium profiles)
  // goes to a memory file system where Linux has one: the browser suite alone copied 5.6 GB of
  // seeded databases to disk, which cost more CPU in the kernel than some whole suites.
  const scratch = memoryScratchFolder();
  // Two at a time: the machine has two cores and the suites start databases of their own.
  run(
    [
      'turbo',
      'run',
      'build',
      'typecheck',
      'test',
      '--concurrency=2',
      '--output-logs=new-only',
      '--summarize',
    ],
    () => {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      printSlowestTasks(root);
    },
    scratch ? { TMPDIR: scratch } : {},
  );
} else {
  process.stderr.write('usage: node scripts/quickstart.mjs start|test\n');
  process.exit(2);
}
