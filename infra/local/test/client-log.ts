/** A fault's span: from its injection until the load moved again after the recovery. */
export interface FaultWindow {
  name: string;
  from: number;
  to: number;
}

interface Exchange {
  loop: string;
  method: string;
  path: string;
  started: number;
  /** When the answer (or the failure) came. */
  at: number;
  /** Undefined when no answer came at all (a dropped connection, a timeout). */
  status?: number;
  message?: string;
}

export interface FaultReport {
  name: string;
  errors: number;
  /** The longest a load loop went without a successful answer during the fault, in ms. */
  longestGapMs: number;
  /** The failures' statuses, as `503×2`. */
  statuses: string;
  /** Each failure: its request, status and message, and when it ended after the fault began. */
  failures: string[];
}

/** Every request of the load: what each client saw, to measure a fault's visible effect. */
export class ClientLog {
  private readonly exchanges: Exchange[] = [];

  async fetch(loop: string, url: string, init?: RequestInit): Promise<Response> {
    const started = Date.now();
    const entry: Exchange = {
      loop,
      method: init?.method ?? 'GET',
      path: new URL(url).pathname,
      started,
      at: started,
    };
    try {
      // Past any timeout of the stack itself: a request this slow counts as a hang.
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
      entry.status = response.status;
      entry.at = Date.now();
      if (response.status >= 500) {
        const body = await response
          .clone()
          .json()
          .catch(() => ({}));
        entry.message = (body as { message?: string }).message;
      }
      return response;
    } catch (error) {
      entry.at = Date.now();
      entry.message = (error as Error).message;
      throw error;
    } finally {
      this.exchanges.push(entry);
    }
  }

  /** Requests answered with a 5xx or not answered at all. */
  failures(): Exchange[] {
    return this.exchanges.filter((entry) => entry.status === undefined || entry.status >= 500);
  }

  /** The longest any request took, in ms. */
  slowest(): number {
    return Math.max(0, ...this.exchanges.map((entry) => entry.at - entry.started));
  }

  report(faults: FaultWindow[]): FaultReport[] {
    const loops = [...new Set(this.exchanges.map((entry) => entry.loop))].filter(
      (loop) => loop !== 'setup',
    );
    return faults.map((fault) => {
      const within = (entry: Exchange) => entry.at >= fault.from && entry.at <= fault.to;
      const failed = this.failures().filter(within);
      let longestGapMs = 0;
      for (const loop of loops) {
        const successes = this.exchanges
          .filter((entry) => entry.loop === loop && within(entry) && !failed.includes(entry))
          .map((entry) => entry.at)
          .sort((a, b) => a - b);
        let previous = fault.from;
        for (const at of [...successes, fault.to]) {
          longestGapMs = Math.max(longestGapMs, at - previous);
          previous = at;
        }
      }
      const counts = new Map<string, number>();
      for (const entry of failed) {
        const key = String(entry.status ?? 'no answer');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return {
        name: fault.name,
        errors: failed.length,
        longestGapMs,
        statuses: [...counts].map(([status, n]) => `${status}×${n}`).join(', ') || '–',
        failures: failed.map(
          (entry) =>
            `+${((entry.at - fault.from) / 1000).toFixed(1)} s ${entry.method} ${entry.path} (${entry.loop}, ${entry.at - entry.started} ms): ${entry.status ?? 'no answer'} ${entry.message ?? ''}`,
        ),
      };
    });
  }

  /** A Markdown table of the report, for the operations document. */
  table(report: FaultReport[]): string {
    const rows = report.map(
      (row) =>
        `| ${row.name} | ${row.errors} | ${row.statuses} | ${(row.longestGapMs / 1000).toFixed(1)} s |`,
    );
    return [
      '| fault | failed requests | statuses | longest gap a client saw |',
      '|---|---|---|---|',
      ...rows,
    ].join('\n');
  }
}
