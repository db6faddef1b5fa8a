/**
 * The stack benchmarks, side by side in one run on one isolated distributed local stack
 * (services, PostgreSQL, NATS and this load generator on the same machine):
 *
 *   node dist/bench.js [--seconds 10] [--concurrency 32] [--decisions 200] [--burst 1000]
 *                      [--logins-per-second 20] [--archive 20000]
 *                      [--only overhead,mixed,propagation,login,burst,ratelimit]
 *
 * 1. overhead: the same archive request (a member's session cookie) straight to the questions
 *    service, through the gateway (session verified there), through a bare node proxy that
 *    forwards with the gateway's own HTTP client (node-proxy-server.ts) and through nginx, all
 *    started for the run: the gateway's throughput against the node proxy's, added p50 and, on
 *    Linux, the CPU each process on a path spends per request.
 * 2. mixed: the member scenario (scenarios/member.js) at a constant concurrency: rps, p95, errors.
 * 3. propagation: a moderator approves questions one at a time; how long from the approval's
 *    response (committed in moderation) to the question being 'approved' in the questions
 *    service's read model (its row, polled directly), when the event was seen on the bus, and
 *    whether the asker's /api/my-questions then shows it.
 * 4. login: browse p99 alone, then while logins run at a steady rate (each from its own client
 *    address, as behind a load balancer): first saturated (a closed loop, which gives the
 *    capacity), then with visitors arriving at half that capacity (an open model).
 * 5. burst: `--burst` members submit to one expert's window of 10 at the same moment: exactly 10
 *    accepted, the rest clear refusals, no credit lost (members' credits summed before/after).
 * 6. ratelimit: the cost of a request's rate-limit check with its counters in this process's
 *    memory and in Redis (REDIS_URL, default redis://127.0.0.1:6379), which replicas share
 *    (rate-limit-cost.ts); skipped when Redis is not reachable.
 *
 * Each section is a module of bench/ that hands back its figures and its line of the table; this
 * runs the chosen ones, prints the table with goal met/missed per line, and writes
 * bench-results/load-bench.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { flag, NATS_URL, POSTGRES_URL, positiveInteger } from './args.js';
import { windowBurst } from './bench/burst.js';
import { loginUnderLoad } from './bench/login.js';
import { mixed } from './bench/mixed.js';
import { overhead } from './bench/overhead.js';
import { propagation } from './bench/propagation.js';
import { rateLimits } from './bench/ratelimit.js';
import { type BenchSettings, type Goal, log, type Section } from './bench/section.js';
import { startIsolatedStack } from './stack.js';
import { repoRoot, writeResult } from './summary.js';

const argv = process.argv.slice(2);
const settings: BenchSettings = {
  seconds: Number(flag(argv, 'seconds', '10')),
  concurrency: positiveInteger('concurrency', flag(argv, 'concurrency', '32'))!,
  decisions: positiveInteger('decisions', flag(argv, 'decisions', '200'))!,
  burst: positiveInteger('burst', flag(argv, 'burst', '1000'))!,
  loginsPerSecond: Number(flag(argv, 'logins-per-second', '20')),
  archive: positiveInteger('archive', flag(argv, 'archive', '20000'))!,
};
const only = new Set(
  (flag(argv, 'only', 'overhead,mixed,propagation,login,burst,ratelimit') ?? '')
    .split(',')
    .filter(Boolean),
);

const goals: Goal[] = [];
const results: Record<string, unknown> = {};

async function main(): Promise<void> {
  if (!(settings.seconds > 0) || !(settings.loginsPerSecond > 0)) {
    throw new Error('--seconds and --logins-per-second must be positive');
  }
  const isolated = await startIsolatedStack({
    postgresUrl: POSTGRES_URL,
    natsUrl: NATS_URL,
    archive: settings.archive,
    log,
  });
  const sections: Array<[string, Section]> = [
    ['overhead', overhead],
    ['mixed', mixed],
    ['propagation', propagation],
    ['login', loginUnderLoad],
    ['burst', windowBurst],
    ['ratelimit', rateLimits],
  ];
  try {
    for (const [name, run] of sections) {
      if (!only.has(name)) continue;
      try {
        const outcome = await run(isolated, settings);
        if (!outcome) continue;
        results[name] = outcome.result;
        goals.push(outcome.goal);
      } catch (error) {
        log(`  ${name} failed: ${(error as Error).message}`);
        goals.push({ section: name, line: `failed: ${(error as Error).message}`, met: false });
        process.exitCode = 1;
      }
    }
  } finally {
    await isolated.cleanup();
  }
  log('\nsection              goal    figures');
  for (const goal of goals) {
    const verdict = goal.met === null ? 'info  ' : goal.met ? 'met   ' : 'MISSED';
    log(`${goal.section.padEnd(20)} ${verdict}  ${goal.line}`);
  }
  // A run of some sections (--only) keeps the other sections of the previous run.
  const previous = readPrevious();
  const ran = new Set(goals.map((goal) => goal.section));
  const section = (name: string) => ({
    at: new Date().toISOString(),
    settings,
    result: results[name],
  });
  const path = writeResult('load-bench', {
    machine: { cpus: cpus().length },
    sections: {
      ...previous.sections,
      ...Object.fromEntries(Object.keys(results).map((name) => [name, section(name)])),
    },
    goals: [...previous.goals.filter((goal) => !ran.has(goal.section)), ...goals],
  });
  log(`\nwrote ${path}`);
}

function readPrevious(): { sections: Record<string, unknown>; goals: Goal[] } {
  const path = join(repoRoot, 'bench-results', 'load-bench.json');
  if (!existsSync(path)) return { sections: {}, goals: [] };
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8'));
    return { sections: parsed.sections ?? {}, goals: parsed.goals ?? [] };
  } catch {
    return { sections: {}, goals: [] };
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
