import { freePortRange } from '@uapqa/service-kit/testing';
import { Client } from '../client.js';
import { startNginx } from '../nginx.js';
import { type RunningProxy, startNodeProxy } from '../node-proxy.js';
import type { ProcessSet } from '../process-cpu.js';
import { Recorder } from '../recorder.js';
import type { RequestStep } from '../scenario.js';
import type { IsolatedStack } from '../stack.js';
import { type CpuPerRequest, interleaved } from './interleaved.js';
import { type BenchSettings, log, round, type SectionOutcome } from './section.js';
import { prepared } from './setup.js';

/** The gateway's throughput at least this share of the bare node proxy's. */
export const GATEWAY_TO_NODE_PROXY_RATIO = 0.85;
/** What the gateway may add to the p50 of one caller going straight to the service, in ms. */
export const GATEWAY_ADDED_P50_MS = 0.5;

/**
 * The same archive request (a member's session cookie) straight to the questions service,
 * through the gateway (session verified there), through a bare node proxy forwarding with the
 * gateway's own HTTP client (node-proxy-server.ts) and through nginx, all started for the run.
 * The goal holds the gateway to the node proxy: what its own layers cost over the least any
 * node proxy with that client spends. Direct and nginx are there for information.
 */
export async function overhead(
  stack: IsolatedStack,
  { concurrency, seconds }: BenchSettings,
): Promise<SectionOutcome> {
  log(
    '\n1. gateway overhead: the same archive request direct, through the gateway, a bare node proxy and nginx',
  );
  const { data, client } = await prepared(stack.url, { members: 1 });
  await client.close();
  const step: RequestStep = {
    kind: 'request',
    method: 'GET',
    path: '/api/questions',
    cookie: data.members[0]!.cookie,
    name: 'GET /api/questions',
  };
  const nginx = await startNginx(stack.questionsUrl, await freePortRange(1));
  let nodeProxy: RunningProxy;
  try {
    nodeProxy = await startNodeProxy(stack.questionsUrl, await freePortRange(1));
  } catch (error) {
    await nginx.stop();
    throw error;
  }
  const targets = {
    direct: stack.questionsUrl,
    gateway: stack.url,
    'node proxy': nodeProxy.url,
    nginx: nginx.url,
  };
  try {
    await sameAnswers(targets, step);
    const pid = (name: string) =>
      stack.stack.processes.find((process) => process.name === name)?.child.pid;
    const known = (...pids: Array<number | undefined>) => pids.filter((one) => one !== undefined);
    const questions = known(pid('questions'));
    const paths: Record<string, ProcessSet> = {
      direct: { questions },
      gateway: { gateway: known(pid('gateway')), questions },
      'node proxy': { 'node proxy': known(nodeProxy.pid), questions },
      nginx: { nginx: nginx.workers(), questions },
    };
    const { figures: measured, cpu } = await interleaved(
      targets,
      step,
      concurrency,
      seconds,
      paths,
    );
    // The latency a hop adds is read with one caller: at full concurrency on two cores the
    // p50 is mostly queueing for the CPU the gateway, the service and this generator share.
    const { figures: single } = await interleaved(targets, step, 1, Math.max(3, seconds / 2));
    const direct = measured.direct!;
    const gateway = measured.gateway!;
    const viaNode = measured['node proxy']!;
    const viaNginx = measured.nginx!;
    for (const [name, figures] of Object.entries(measured)) {
      log(`  ${name.padEnd(10)} x${concurrency} ${JSON.stringify(figures)}`);
    }
    for (const [name, figures] of Object.entries(single)) {
      log(`  ${name.padEnd(10)} x1  ${JSON.stringify(figures)}`);
    }
    for (const [name, processes] of Object.entries(cpu)) {
      log(
        `  ${name.padEnd(10)} CPU per request at x${concurrency}, µs: ${JSON.stringify(processes)}`,
      );
    }
    const added = (name: string) => round(single[name]!.p50 - single.direct!.p50);
    const summary = {
      concurrency,
      direct,
      gateway,
      nodeProxy: viaNode,
      nginx: viaNginx,
      singleCaller: single,
      cpuPerRequestMicroseconds: cpu,
      gatewayToNodeProxyRatio: round(gateway.rps / Math.max(viaNode.rps, 1)),
      gatewayThroughputRatio: round(gateway.rps / Math.max(direct.rps, 1)),
      nodeProxyThroughputRatio: round(viaNode.rps / Math.max(direct.rps, 1)),
      nginxThroughputRatio: round(viaNginx.rps / Math.max(direct.rps, 1)),
      gatewayAddedP50: added('gateway'),
      nodeProxyAddedP50: added('node proxy'),
      nginxAddedP50: added('nginx'),
      gatewayAddedP50Loaded: round(gateway.p50 - direct.p50),
      nginxAddedP50Loaded: round(viaNginx.p50 - direct.p50),
    };
    const errors = [...Object.values(measured), ...Object.values(single)].reduce(
      (sum, figures) => sum + figures.errors,
      0,
    );
    return {
      result: summary,
      goal: {
        section: 'gateway overhead',
        line: `x${concurrency}: gateway ${gateway.rps} rps, ×${summary.gatewayToNodeProxyRatio} the bare node proxy's ${viaNode.rps} rps | direct ${direct.rps} rps (gateway ×${summary.gatewayThroughputRatio}, node proxy ×${summary.nodeProxyThroughputRatio}, nginx ×${summary.nginxThroughputRatio}) | added p50, one caller: gateway +${summary.gatewayAddedP50} ms, node proxy +${summary.nodeProxyAddedP50} ms, nginx +${summary.nginxAddedP50} ms | errors ${errors}${cpuLine(cpu)} (goal: gateway ≥${GATEWAY_TO_NODE_PROXY_RATIO}× the node proxy, added p50 ≤${GATEWAY_ADDED_P50_MS} ms)`,
        met:
          errors === 0 &&
          summary.gatewayToNodeProxyRatio >= GATEWAY_TO_NODE_PROXY_RATIO &&
          summary.gatewayAddedP50 <= GATEWAY_ADDED_P50_MS,
      },
    };
  } finally {
    await nodeProxy.stop();
    await nginx.stop();
  }
}

/**
 * The same request must get the same answer on every path (full answers: signed in). A path
 * that answered otherwise (a proxy that lost the session cookie gets the shorter anonymous
 * page) would be measured on other work: its ratio would mean nothing.
 */
async function sameAnswers(targets: Record<string, string>, step: RequestStep): Promise<void> {
  const answers: Record<string, string> = {};
  for (const [name, url] of Object.entries(targets)) {
    const probe = new Client(url, new Recorder());
    const response = await probe.perform(step);
    await probe.close();
    answers[name] = `${response.status} ${response.body.length} bytes`;
    if (response.status !== 200) throw new Error(`${name} answered ${response.status}`);
  }
  log(`  answers: ${JSON.stringify(answers)}`);
  if (new Set(Object.values(answers)).size !== 1) {
    throw new Error(`the paths answered the same request differently: ${JSON.stringify(answers)}`);
  }
}

/** Each proxy's own CPU per request, next to the service's behind it (when /proc tells). */
function cpuLine(cpu: CpuPerRequest): string {
  const own = (target: string, process: string) => cpu[target]?.[process];
  const parts = [
    ['gateway', own('gateway', 'gateway')],
    ['node proxy', own('node proxy', 'node proxy')],
    ['nginx', own('nginx', 'nginx')],
    ['questions (direct)', own('direct', 'questions')],
    ['generator (direct)', own('direct', 'generator')],
  ].filter(([, value]) => value !== undefined);
  if (parts.length === 0) return '';
  return ` | CPU per request: ${parts.map(([name, value]) => `${name} ${value} µs`).join(', ')}`;
}
