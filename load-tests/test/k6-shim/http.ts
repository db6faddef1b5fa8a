/**
 * A stand-in for k6's `k6/http` in tests: synchronous like k6's (each request runs in a child
 * process), recording what k6 would be asked, so k6/run.js can be exercised without k6.
 */
import { spawnSync } from 'node:child_process';

interface Params {
  headers?: Record<string, string>;
  tags?: Record<string, string>;
  responseCallback?: unknown;
}

export const calls: Array<{ method: string; url: string; body: string | null; params: Params }> =
  [];

const FETCH = `
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', async () => {
  const { method, url, body, headers } = JSON.parse(input);
  const res = await fetch(url, { method, body: body ?? undefined, headers, redirect: 'manual' });
  const text = await res.text();
  const out = { status: res.status, body: text, headers: {}, setCookie: res.headers.getSetCookie() };
  res.headers.forEach((v, k) => { out.headers[k.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase())] = v; });
  process.stdout.write(JSON.stringify(out));
});`;

export class CookieJar {}

export function expectedStatuses(...statuses: unknown[]) {
  return { expectedStatuses: statuses };
}

function request(method: string, url: string, body: string | null, params: Params = {}) {
  calls.push({ method, url, body, params });
  const child = spawnSync(process.execPath, ['-e', FETCH], {
    input: JSON.stringify({ method, url, body, headers: params.headers ?? {} }),
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  const out = JSON.parse(child.stdout);
  const cookies: Record<string, Array<{ value: string }>> = {};
  for (const line of out.setCookie as string[]) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=');
    cookies[name!.trim()] = [{ value: value ?? '' }];
  }
  return { status: out.status, body: out.body, headers: out.headers, cookies };
}

function batch(list: Array<[string, string, string | null, Params]>) {
  return list.map(([method, url, body, params]) => request(method, url, body, params));
}

export default { request, batch, expectedStatuses, CookieJar };
