#!/usr/bin/env node
// The README's two commands. Needs only Node.js and npm: pnpm comes from the npm registry
// through npx, at the version the repository pins, so nothing else has to be installed first.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/** Runs pnpm with `args`; exits with its status when it fails, unless `after` is given. */
function run(args, after) {
  const [command, ...rest] = [...pnpm, ...args];
  process.stdout.write(`\n> ${[command, ...rest].join(' ')}\n`);
  const result = spawnSync(command, rest, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  after?.();
  if (result.status !== 0) process.exit(result.status ?? 1);
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
    () => printSlowestTasks(root),
  );
} else {
  process.stderr.write('usage: node scripts/quickstart.mjs start|test\n');
  process.exit(2);
}
