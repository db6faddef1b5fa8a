import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childrenOf, cpuSeconds, sampleCpu } from '../src/process-cpu.js';

const linux = process.platform === 'linux';

describe.runIf(linux)('process CPU from /proc', () => {
  it("reads a process's CPU time as it grows, and nothing for a process that is gone", () => {
    const before = cpuSeconds(process.pid)!;
    const until = performance.now() + 150;
    while (performance.now() < until) Math.sqrt(Math.random());
    expect(cpuSeconds(process.pid)! - before).toBeGreaterThanOrEqual(0.1);
    expect(cpuSeconds(2 ** 30)).toBeUndefined();
  });

  it('finds the children of a process, and samples named sets with this process as generator', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      expect(childrenOf(process.pid)).toContain(child.pid);
      const sample = sampleCpu({ child: [child.pid!], gone: [2 ** 30] });
      expect(sample.generator).toBeGreaterThan(0);
      expect(sample.child).toBeGreaterThanOrEqual(0);
      expect(sample.gone).toBeNaN();
    } finally {
      child.kill();
    }
  });
});
