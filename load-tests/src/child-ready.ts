import type { ChildProcess } from 'node:child_process';
import { delay } from './engine.js';

/**
 * Waits until a proxy the bench started answers `<url>/ready` (the upstream's own readiness,
 * passed through), or throws with `whyExited()` if the process died first.
 */
export async function waitForChild(
  name: string,
  child: ChildProcess,
  url: string,
  whyExited: () => string,
): Promise<void> {
  for (let attempt = 0; attempt <= 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${whyExited()}`);
    const up = await fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await delay(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start`);
}
