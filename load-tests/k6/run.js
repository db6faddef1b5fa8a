/**
 * The k6 entry of every scenario (one source: ../scenarios/*.js, also run by the Node runner):
 *
 *   k6 run -e SCENARIO=browse -e BASE_URL=http://localhost:3000 load-tests/k6/run.js
 *
 * It only translates the scenario's steps to k6/http; the scenario module owns the options
 * (stages, thresholds), the setup need and the request mix.
 */
import { sleep } from 'k6';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import { scenarios } from '../scenarios/index.js';
import { prepare } from '../scenarios/lib/setup.js';

const name = __ENV.SCENARIO || 'browse';
const scenario = scenarios[name];
if (!scenario) {
  throw new Error(`unknown SCENARIO '${name}' (one of ${Object.keys(scenarios).join(', ')})`);
}
const baseUrl = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');

export const options = scenario.options;

const custom = {};
for (const [metricName, type] of Object.entries(scenario.metrics || {})) {
  custom[metricName] =
    type === 'counter'
      ? new Counter(metricName)
      : type === 'rate'
        ? new Rate(metricName)
        : new Trend(metricName);
}

function toParams(step) {
  const headers = Object.assign({}, step.headers || {});
  if (step.cookie) headers.cookie = step.cookie;
  if (step.body !== undefined) headers['content-type'] = 'application/json';
  const params = {
    headers,
    tags: { name: step.name || `${step.method} ${step.path.split('?')[0]}` },
    // Cookies travel only as the step says: no jar carries one VU's session into another's.
    jar: new http.CookieJar(),
    redirects: 0,
  };
  params.responseCallback = step.expect
    ? http.expectedStatuses(...step.expect)
    : http.expectedStatuses({ min: 200, max: 399 });
  return params;
}

function toResponse(res) {
  const headers = {};
  for (const key of Object.keys(res.headers)) headers[key.toLowerCase()] = res.headers[key];
  const cookies = [];
  for (const cookieName of Object.keys(res.cookies || {})) {
    const values = res.cookies[cookieName];
    if (values.length) cookies.push(`${cookieName}=${values[0].value}`);
  }
  return { status: res.status, body: res.body || '', headers, cookies: cookies.join('; ') };
}

function perform(step) {
  const body = step.body === undefined ? null : JSON.stringify(step.body);
  return toResponse(http.request(step.method, baseUrl + step.path, body, toParams(step)));
}

/** Runs a scenario generator to its end, performing each step it yields. */
function drive(generator) {
  let next = generator.next();
  while (!next.done) {
    const step = next.value;
    let input;
    if (step.kind === 'request') input = perform(step);
    else if (step.kind === 'batch') {
      input = http
        .batch(
          step.requests.map((request) => [
            request.method,
            baseUrl + request.path,
            request.body === undefined ? null : JSON.stringify(request.body),
            toParams(request),
          ]),
        )
        .map(toResponse);
    } else if (step.kind === 'sleep') sleep(step.seconds);
    else if (step.kind === 'metric') custom[step.name].add(step.value);
    else if (step.kind === 'note') console.log(step.message);
    next = generator.next(input);
  }
  return next.value;
}

export function setup() {
  return drive(prepare(scenario.setup));
}

export default function (data) {
  drive(scenario.iteration(data, { vu: __VU, iteration: __ITER }));
}
