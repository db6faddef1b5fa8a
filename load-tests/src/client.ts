import { HttpClient } from '@uapqa/service-kit';
import type { Recorder } from './recorder.js';
import type { RequestStep, ScenarioGenerator, StepResponse } from './scenario.js';
import { delay } from './time.js';

/**
 * Performs steps against one base URL over kept-alive connections: the service kit's client,
 * the one the gateway forwards with.
 */
export class Client {
  readonly connections: HttpClient;
  readonly origin: string;
  readonly basePath: string;
  /** Receives the scenario's progress lines (`note` steps). */
  onNote?: (message: string) => void;

  constructor(
    baseUrl: string,
    readonly recorder: Recorder,
    readonly scenario = 'default',
  ) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/$/, '');
    this.connections = new HttpClient(this.origin, {
      maxConnections: Number.POSITIVE_INFINITY,
    });
  }

  async perform(step: RequestStep): Promise<StepResponse> {
    const headers: Record<string, string> = { ...(step.headers ?? {}) };
    if (step.cookie) headers.cookie = step.cookie;
    let body: string | undefined;
    if (step.body !== undefined) {
      body = JSON.stringify(step.body);
      headers['content-type'] = 'application/json';
    }
    const name = step.name ?? `${step.method} ${step.path.split('?')[0]}`;
    const started = performance.now();
    let response: StepResponse;
    try {
      const url = new URL(`${this.basePath}${step.path}`, this.origin);
      const answer = await this.connections.send({
        method: step.method,
        path: `${url.pathname}${url.search}`,
        headers,
        ...(body === undefined ? {} : { body }),
        timeoutMs: 60_000,
      });
      const bytes = answer.body;
      let text: string | undefined;
      const flat: Record<string, string> = {};
      let setCookie: string[] = [];
      for (const [key, value] of Object.entries(answer.headers)) {
        if (value === undefined) continue;
        if (key === 'set-cookie') setCookie = Array.isArray(value) ? value : [value];
        flat[key] = Array.isArray(value) ? value.join(', ') : value;
      }
      response = {
        status: answer.status,
        // Decoded when a scenario reads it: most answers of a run are only counted.
        get body() {
          text ??= bytes.toString('utf8');
          return text;
        },
        headers: flat,
        cookies: setCookie.map((line) => line.split(';')[0]!.trim()).join('; '),
      };
    } catch (error) {
      response = { status: 0, body: String((error as Error).message), headers: {}, cookies: '' };
    }
    const ms = performance.now() - started;
    const failed = step.expect
      ? !step.expect.includes(response.status)
      : !(response.status >= 200 && response.status < 400);
    this.recorder.add(
      { name, scenario: this.scenario, method: step.method, status: response.status, failed, ms },
      failed ? response.body : '',
    );
    return response;
  }

  /** Runs a scenario generator to its end; `batchLimit` bounds a batch's requests in flight. */
  async drive<T>(
    generator: ScenarioGenerator<T>,
    batchLimit = Number.POSITIVE_INFINITY,
  ): Promise<T> {
    let next = generator.next();
    while (!next.done) {
      const step = next.value;
      let input: unknown;
      if (step.kind === 'request') input = await this.perform(step);
      else if (step.kind === 'batch') input = await this.performAll(step.requests, batchLimit);
      else if (step.kind === 'sleep') await delay(step.seconds * 1000);
      else if (step.kind === 'metric') this.recorder.addMetric(step.name, step.value);
      else if (step.kind === 'note') this.onNote?.(step.message);
      next = generator.next(input);
    }
    return next.value;
  }

  private async performAll(requests: RequestStep[], limit: number): Promise<StepResponse[]> {
    const results: StepResponse[] = new Array(requests.length);
    let cursor = 0;
    const worker = async () => {
      while (cursor < requests.length) {
        const index = cursor++;
        results[index] = await this.perform(requests[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, requests.length) }, worker));
    return results;
  }

  async close(): Promise<void> {
    this.connections.close();
  }
}
