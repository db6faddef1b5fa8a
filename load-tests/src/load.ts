/**
 * Runs one scenario definition (../scenarios/<name>.js, the same modules k6/run.js runs):
 *
 *   node dist/load.js [--scenario browse] [--url http://localhost:3000] [--duration 30s] [--vus 50] [--archive 20000]
 *
 * Without --url it starts an isolated distributed local stack (POSTGRES_URL, NATS_URL; local
 * defaults), fills the archive, and removes it all after. Prints rps/p50/p95/p99/errors per
 * request name, evaluates the scenario's k6 thresholds, writes bench-results/load-<name>.json.
 * Exit code 0 when every threshold holds, 99 (as k6) when one does not, 1 on an error.
 */
import { flag, NATS_URL, POSTGRES_URL, positiveInteger } from './args.js';
import { runScenario } from './run-scenario.js';
import { type IsolatedStack, startIsolatedStack } from './stack.js';
import { printReport, writeResult } from './summary.js';
import { parseDuration } from './time.js';

const argv = process.argv.slice(2);
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const scenario = flag(argv, 'scenario', 'browse')!;
  const url = flag(argv, 'url');
  const duration = flag(argv, 'duration');
  const vus = positiveInteger('vus', flag(argv, 'vus'));
  const archive = positiveInteger('archive', flag(argv, 'archive', '20000'))!;
  let isolated: IsolatedStack | undefined;
  try {
    if (!url) {
      isolated = await startIsolatedStack({
        postgresUrl: POSTGRES_URL,
        natsUrl: NATS_URL,
        archive,
        log,
      });
    }
    const result = await runScenario({
      scenario,
      baseUrl: url ?? isolated!.url,
      durationMs: duration ? parseDuration(duration) : undefined,
      vus,
      log,
    });
    printReport(result);
    log(`\nwrote ${writeResult(`load-${scenario}`, result)}`);
    return result.passed ? 0 : 99;
  } finally {
    await isolated?.cleanup();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`load: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
