/**
 * CPU time of processes, read from Linux's /proc: what each process on a request's path spent
 * on it (the generator, the proxy, the service). Elsewhere there is no /proc: the figures are
 * left out, nothing fails.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports utime and stime in clock ticks of USER_HZ, 100 a second on every platform. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name, which may hold spaces. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User plus system CPU seconds a process has spent so far, or undefined. */
export function cpuSeconds(pid: number): number | undefined {
  const fields = statFields(pid);
  // After the name: state(0) ppid(1) … utime(11) stime(12).
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : undefined;
}

/** The processes whose parent is `pid` (nginx's workers of its master). */
export function childrenOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => statFields(candidate)?.[1] === String(pid));
}

/** A set of processes by name, and this process itself as `generator`. */
export type ProcessSet = Record<string, number[]>;

/** CPU seconds so far of each named set (summed over its processes). */
export function sampleCpu(processes: ProcessSet): Record<string, number> {
  const own = process.cpuUsage();
  const sample: Record<string, number> = { generator: (own.user + own.system) / 1e6 };
  for (const [name, pids] of Object.entries(processes)) {
    let total = 0;
    for (const pid of pids) total += cpuSeconds(pid) ?? Number.NaN;
    sample[name] = total;
  }
  return sample;
}
