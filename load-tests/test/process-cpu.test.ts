import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childrenOf, cpuSeconds, sampleCpu } from '../src/process-cpu.js';

const linux = process.platform === 'linux';

describe.runIf(linux)('process CPU from /proc', () => {
  it("reads a process's CPU time as it grows, and nothing for a process that is gone", () => {
    // Burn 0.2 s of CPU by node's own count, however long a busy machine takes to give it.
    const before = cpuSeconds(process.pid)!;
    const start = process.cpuUsage();
    const spent = () => {
      const { user, system } = process.cpuUsage(start);
      return (user + system) / 1e6;
    };
    while (spent() < 0.2) Math.sqrt(Math.random());
    // /proc counts in clock ticks (10 ms), so allow one tick either way; compared in whole ticks,
    // since the difference of two tick counts in seconds is not exact in floating point.
    expect(Math.round((cpuSeconds(process.pid)! - before) * 100)).toBeGreaterThanOrEqual(19);
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
