import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Its last lines of output, to tell why it died or is not ready. */
  recentOutput(): string;
  /** Settles once the process has exited and all its output has been read. */
  closed: Promise<void>;
  stop(): Promise<void>;
}

const RECENT_LINES = 40;

/** Runs `node <script>` with its output prefixed by its name, as one line each. */
export function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  output: NodeJS.WritableStream = process.stdout,
): ManagedProcess {
  return startCommand(name, process.execPath, [script], env, output);
}

/** Runs any program (a nats-server, nginx) the same way: prefixed output, stop, kill. */
export function startCommand(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  output: NodeJS.WritableStream = process.stdout,
): ManagedProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  // A program that cannot start (not installed) reports it here rather than crashing the launcher.
  child.once('error', (error) => recent.push(`${command}: ${error.message}`));
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => {
      recent.push(line);
      if (recent.length > RECENT_LINES) recent.shift();
      output.write(`[${name}] ${line}\n`);
    });
  }
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    name,
    child,
    recentOutput: () => recent.join('\n'),
    closed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await closed;
      clearTimeout(timer);
    },
  };
}

/** Polls a URL until it answers 2xx, the process dies, or the time is up. */
export async function waitUntilReady(
  url: string,
  proc: ManagedProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      await proc.closed;
      throw new Error(
        `${proc.name} exited with code ${proc.child.exitCode}; its last output:\n${proc.recentOutput()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${proc.name} was not ready at ${url} within ${timeoutMs} ms; its last output:\n${proc.recentOutput()}`,
  );
}
