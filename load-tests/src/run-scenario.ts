import { Client } from './client.js';
import { applyOverrides, runExecutor } from './engine.js';
import { Recorder } from './recorder.js';
import { loadScenarios } from './scenario.js';
import { report, type ScenarioReport } from './summary.js';
import { parseDuration } from './time.js';

export interface RunOptions {
  scenario: string;
  baseUrl: string;
  /** Scales the scenario's stages to this total (or sets constant-vus' duration). */
  durationMs?: number;
  /** Scales the stages' targets to this peak (or sets the fixed VU count). */
  vus?: number;
  log?: (line: string) => void;
}

/** Setup through the API, then the scenario's executors; returns the figures and thresholds. */
export async function runScenario(options: RunOptions): Promise<ScenarioReport> {
  const log = options.log ?? (() => {});
  const { scenarios, prepare } = await loadScenarios();
  const module = scenarios[options.scenario];
  if (!module) {
    throw new Error(
      `unknown scenario '${options.scenario}' (one of ${Object.keys(scenarios).join(', ')})`,
    );
  }
  const setupRecorder = new Recorder();
  const setupClient = new Client(options.baseUrl, setupRecorder, 'setup');
  setupClient.onNote = log;
  log(`setup: ${JSON.stringify(module.setup ?? {})}`);
  const setupStarted = performance.now();
  const data = await setupClient.drive(prepare(module.setup ?? {}));
  await setupClient.close();
  log(`setup done in ${Math.round(performance.now() - setupStarted)} ms`);

  const recorder = new Recorder();
  const clients: Client[] = [];
  const started = performance.now();
  let firstVu = 1;
  const runs = Object.entries(module.options.scenarios).map(([name, raw]) => {
    const executor = applyOverrides(raw, { durationMs: options.durationMs, vus: options.vus });
    const client = new Client(options.baseUrl, recorder, name);
    clients.push(client);
    const vus =
      executor.executor === 'ramping-vus'
        ? Math.max(executor.startVUs ?? 0, ...(executor.stages ?? []).map((s) => s.target))
        : (executor.vus ?? 1);
    const vuBase = firstVu;
    firstVu += vus;
    log(`running ${options.scenario}/${name}: ${JSON.stringify(executor)}`);
    const offset = executor.startTime ? parseDuration(executor.startTime) : 0;
    return new Promise<void>((resolve) => setTimeout(resolve, offset)).then(() =>
      runExecutor(module, executor, client, data, vuBase),
    );
  });
  await Promise.all(runs);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((client) => client.close()));
  return report(options.scenario, module, recorder, seconds, options.baseUrl);
}
