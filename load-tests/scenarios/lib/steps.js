/**
 * The vocabulary a scenario speaks. A scenario's setup and iteration are generator functions
 * that never do I/O themselves: they `yield` steps and receive the results, so the same code runs
 * under k6 (`k6/run.js`: synchronous `k6/http`) and under the Node runner (`src/`: undici).
 *
 *   const res = yield get('/api/user', { cookie });          // one request → a response
 *   const [a, b] = yield batch([get('/a'), get('/b')]);        // requests in parallel → responses
 *   yield sleep(0.5);                                          // think time, seconds
 *   yield metric('window_accepted', 1);                        // a custom metric sample
 *   yield note('created 50 members');                          // a progress line
 *
 * A response is `{ status, body, headers, cookies }`: `body` the text, `headers` lower-cased,
 * `cookies` the `name=value` pairs the response set, joined as a Cookie header.
 *
 * A request counts as failed (`http_req_failed`) unless its status is in `expect` (default
 * 200–399, k6's default): an expected refusal such as a full window (409) is declared there.
 */

/** @param {string} method @param {string} path @param {object} [options] */
export function request(method, path, options = {}) {
  return { kind: 'request', method, path, ...options };
}

export const get = (path, options) => request('GET', path, options);
export const post = (path, body, options) => request('POST', path, { ...options, body });
export const patch = (path, body, options) => request('PATCH', path, { ...options, body });

export const batch = (requests) => ({ kind: 'batch', requests });
export const sleep = (seconds) => ({ kind: 'sleep', seconds });
export const metric = (name, value = 1) => ({ kind: 'metric', name, value });
/** A progress line for the operator (setup). */
export const note = (message) => ({ kind: 'note', message });

/** Is this status one the request expects? */
export function expected(step, status) {
  if (step.expect) return step.expect.includes(status);
  return status >= 200 && status < 400;
}

/** The path with a query string built from the defined values of `query`. */
export function withQuery(path, query) {
  const parts = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** The response's JSON body, or a clear error naming the request. */
export function json(response, what = 'response') {
  try {
    return JSON.parse(response.body);
  } catch {
    throw new Error(
      `${what}: expected JSON, got ${response.status} ${response.body.slice(0, 200)}`,
    );
  }
}

/** Throws unless the response has one of the statuses; used by setup, where nothing may fail. */
export function must(response, statuses, what) {
  if (!statuses.includes(response.status)) {
    throw new Error(`setup: ${what} answered ${response.status}: ${response.body.slice(0, 300)}`);
  }
  return response;
}

/** Picks one element at random. */
export function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

/** A weighted choice: `[{ weight, ... }]` → one entry. */
export function pickWeighted(entries) {
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
  let roll = Math.random() * total;
  for (const entry of entries) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return entries[entries.length - 1];
}

/**
 * A client address for the n-th simulated client (10.x.y.z). Sent as X-Forwarded-For on logins:
 * a gateway with TRUST_PROXY=true (behind a load balancer, as in production) limits logins per
 * client address; thousands of users do not share one. Ignored by a gateway that trusts no proxy.
 */
export function clientAddress(n) {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * The Cookie header after a response: its cookies replace those of the same name. The gateway
 * renews an expired 15-minute session token on the fly; keeping the renewed one keeps a long run
 * from renewing on every request.
 */
export function renewedCookie(cookie, response) {
  if (!response.cookies) return cookie;
  const jar = {};
  for (const part of `${cookie || ''}; ${response.cookies}`.split(';')) {
    const pair = part.trim();
    if (!pair) continue;
    const equals = pair.indexOf('=');
    jar[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return Object.keys(jar)
    .map((name) => `${name}=${jar[name]}`)
    .join('; ');
}
