export interface Sample {
  name: string;
  scenario: string;
  method: string;
  status: number;
  failed: boolean;
  ms: number;
  /** ms since the run began. */
  at: number;
}

/** Collects request samples and custom metric samples of one run. */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly custom = new Map<string, number[]>();
  readonly failures: Array<{ name: string; status: number; body: string }> = [];
  iterations = 0;
  /** Arrivals with no free VU to start them (k6's `dropped_iterations`). */
  droppedIterations = 0;
  readonly startedAt = performance.now();
  /** Requests made outside measurement (setup) are not recorded. */
  recording = true;

  add(sample: Omit<Sample, 'at'>, body: string): void {
    if (!this.recording) return;
    this.samples.push({ ...sample, at: performance.now() - this.startedAt });
    if (sample.failed && this.failures.length < 10) {
      this.failures.push({ name: sample.name, status: sample.status, body: body.slice(0, 300) });
    }
  }

  addMetric(name: string, value: number): void {
    if (!this.recording) return;
    const list = this.custom.get(name) ?? [];
    list.push(value);
    this.custom.set(name, list);
  }
}
