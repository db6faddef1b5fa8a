import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
}

// @redocly/cli is a devDependency of the gateway: this runs where the workspace is installed.
const REDOCLY = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));

/**
 * For tests (gateway and the security suite): lints a document with Redocly's recommended rules, offline: the document and a config that
 * names only the built-in ruleset sit in a fresh folder, and telemetry and update checks are off.
 */
export async function redoclyLint(document: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'redocly-'));
  try {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(document));
    await writeFile(join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    const run = await promisify(execFile)(REDOCLY, ['lint', 'openapi.json', '--format=json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((failure: { stdout?: string; stderr?: string }) => {
      // Exit code 1 means errors were found; the report is still on stdout.
      if (!failure.stdout) throw new Error(`redocly lint did not run: ${failure.stderr}`);
      return { stdout: failure.stdout };
    });
    const report = JSON.parse(run.stdout) as { problems: LintProblem[] };
    return report.problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
