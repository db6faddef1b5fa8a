// Prints the slowest tasks of the latest turbo run, from the summary `--summarize` writes to
// .turbo/runs, so every `npm test` ends with where its minutes went.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function printSlowestTasks(root, count = 10) {
  const runs = join(root, '.turbo', 'runs');
  let files;
  try {
    files = readdirSync(runs).filter((name) => name.endsWith('.json'));
  } catch {
    return;
  }
  const latest = files
    .map((name) => join(runs, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!latest) return;
  const summary = JSON.parse(readFileSync(latest, 'utf8'));
  const tasks = summary.tasks
    .filter((task) => task.execution?.endTime)
    .map((task) => ({
      id: task.taskId,
      seconds: (task.execution.endTime - task.execution.startTime) / 1000,
      exitCode: task.execution.exitCode,
      cached: task.cache?.status === 'HIT',
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  const total = (summary.execution.endTime - summary.execution.startTime) / 1000;
  process.stdout.write(`\nThe ${tasks.length} slowest tasks (whole run ${total.toFixed(0)} s):\n`);
  for (const task of tasks) {
    const note = task.cached ? ' (cached)' : task.exitCode ? ` (exit ${task.exitCode})` : '';
    process.stdout.write(`  ${task.seconds.toFixed(1).padStart(8)} s  ${task.id}${note}\n`);
  }
}
