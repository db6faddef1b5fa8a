/** k6 durations: `1h2m3s`, `500ms`, `90s`. */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const pattern = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let consumed = '';
  for (const match of trimmed.matchAll(pattern)) {
    const amount = Number(match[1]);
    total +=
      amount * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
    consumed += match[0];
  }
  if (consumed !== trimmed || consumed === '') throw new Error(`'${text}' is not a duration`);
  return total;
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
