/**
 * Reads one sample from a Prometheus text exposition: the value of `name` whose labels include
 * every given pair (0 when no such series exists yet, so tests can compare before and after).
 * Several matching series are summed.
 */
export function metricValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = parseLabels(match[2] ?? '');
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      total += Number(match[3]);
    }
  }
  return total;
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [, key, raw] of text.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
    labels[key!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}
