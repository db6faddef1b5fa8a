/** `--name value` or `--name=value` from argv, or the fallback. */
export function flag(argv: readonly string[], name: string, fallback?: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    if (argument === `--${name}`) return argv[i + 1] ?? fallback;
    if (argument.startsWith(`--${name}=`)) return argument.slice(name.length + 3);
  }
  return fallback;
}

export function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`--${name} must be a non-negative whole number, got '${value}'`);
  }
  return number;
}

export const POSTGRES_URL =
  process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
