/**
 * k6's threshold expressions, parsed and evaluated on the Node runner's figures:
 *
 *   thresholds: { http_req_failed: ['rate<0.001'], 'http_req_duration{name:ask}': ['p(95)<100'] }
 *
 * An expression is `<aggregation> <operator> <number>`: aggregation `rate`, `count`, `avg`,
 * `min`, `max`, `med` or `p(N)`; operator `<`, `<=`, `>`, `>=`, `==`, `===` or `!=`. A key is a
 * metric name with an optional `{tag:value,…}` selecting a submetric.
 */

export type Operator = '<' | '<=' | '>' | '>=' | '==' | '===' | '!=';

export interface ThresholdExpression {
  source: string;
  aggregation: string;
  /** For `p(N)`: N. */
  percentile?: number;
  operator: Operator;
  value: number;
}

export interface ThresholdKey {
  metric: string;
  tags: Record<string, string>;
}

const EXPRESSION =
  /^\s*(rate|count|avg|min|max|med|p\(\s*(\d+(?:\.\d+)?)\s*\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*$/;

export function parseThreshold(source: string): ThresholdExpression {
  const match = EXPRESSION.exec(source);
  if (!match) throw new Error(`threshold '${source}' is not '<aggregation> <operator> <number>'`);
  const [, aggregation, percentile, operator, value] = match;
  const parsed: ThresholdExpression = {
    source,
    aggregation: percentile === undefined ? aggregation! : 'p',
    operator: operator as Operator,
    value: Number(value),
  };
  if (percentile !== undefined) {
    parsed.percentile = Number(percentile);
    if (parsed.percentile < 0 || parsed.percentile > 100) {
      throw new Error(`threshold '${source}': a percentile is between 0 and 100`);
    }
  }
  return parsed;
}

export function parseThresholdKey(key: string): ThresholdKey {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:\{(.*)\})?$/.exec(key.trim());
  if (!match) throw new Error(`threshold key '${key}' is not 'metric' or 'metric{tag:value}'`);
  const tags: Record<string, string> = {};
  for (const part of (match[2] ?? '').split(',').filter((p) => p.trim())) {
    const colon = part.indexOf(':');
    if (colon <= 0) throw new Error(`threshold key '${key}': tag '${part}' is not 'tag:value'`);
    tags[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
  }
  return { metric: match[1]!, tags };
}

export function compare(actual: number, operator: Operator, expected: number): boolean {
  switch (operator) {
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    case '==':
    case '===':
      return actual === expected;
    case '!=':
      return actual !== expected;
  }
}

/** The value at percentile `p` (0–100) of ascending `sorted`, by linear interpolation as k6. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** A metric's samples as the aggregations see them. */
export type MetricValues =
  | { type: 'trend'; sorted: number[] }
  | { type: 'rate'; passes: number; total: number }
  | { type: 'counter'; sum: number; seconds: number };

export function aggregate(values: MetricValues, expression: ThresholdExpression): number {
  const { aggregation } = expression;
  if (values.type === 'trend') {
    const { sorted } = values;
    if (aggregation === 'p') return percentile(sorted, expression.percentile!);
    if (aggregation === 'med') return percentile(sorted, 50);
    if (aggregation === 'min') return sorted[0] ?? 0;
    if (aggregation === 'max') return sorted.at(-1) ?? 0;
    if (aggregation === 'avg') return sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
    if (aggregation === 'count') return sorted.length;
  } else if (values.type === 'rate') {
    if (aggregation === 'rate') return values.total ? values.passes / values.total : 0;
  } else {
    if (aggregation === 'count') return values.sum;
    if (aggregation === 'rate') return values.seconds > 0 ? values.sum / values.seconds : 0;
  }
  throw new Error(
    `threshold '${expression.source}': '${aggregation}' does not apply to a ${values.type}`,
  );
}

export interface ThresholdVerdict {
  key: string;
  expression: string;
  actual: number;
  ok: boolean;
}

/** Every threshold of `thresholds` evaluated with `valuesOf(key)`. */
export function evaluateThresholds(
  thresholds: Record<string, Array<string | { threshold: string }>>,
  valuesOf: (key: ThresholdKey) => MetricValues,
): ThresholdVerdict[] {
  const verdicts: ThresholdVerdict[] = [];
  for (const [key, list] of Object.entries(thresholds)) {
    const parsedKey = parseThresholdKey(key);
    for (const entry of list) {
      const expression = parseThreshold(typeof entry === 'string' ? entry : entry.threshold);
      const actual = aggregate(valuesOf(parsedKey), expression);
      verdicts.push({
        key,
        expression: expression.source,
        actual: Math.round(actual * 10_000) / 10_000,
        ok: compare(actual, expression.operator, expression.value),
      });
    }
  }
  return verdicts;
}
