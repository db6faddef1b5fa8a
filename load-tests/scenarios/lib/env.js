/**
 * The environment a scenario reads: k6's `__ENV` under k6 (`k6 run -e NAME=value`), the process
 * environment under the Node runner. Scenario modules never touch either directly.
 */
/* global __ENV */
export const ENV =
  typeof __ENV !== 'undefined'
    ? __ENV
    : typeof process !== 'undefined' && process.env
      ? process.env
      : {};

/** A whole number from the environment, or the fallback. */
export function envInt(name, fallback) {
  const value = ENV[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative whole number, got '${value}'`);
  }
  return parsed;
}

/** A number from the environment (fractions allowed), or the fallback. */
export function envNumber(name, fallback) {
  const value = ENV[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative number, got '${value}'`);
  }
  return parsed;
}

/** The thresholds every interactive scenario is held to (the operators' contract). */
export const INTERACTIVE_THRESHOLDS = {
  http_req_failed: ['rate<0.001'],
  http_req_duration: ['p(95)<100', 'p(99)<250'],
};
