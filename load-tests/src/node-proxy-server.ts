/**
 * A reverse proxy in node that does nothing but forward: node's HTTP server and the service
 * kit's `HttpClient`, the very client the gateway forwards with, each answer read whole and
 * written in one call. The overhead bench runs it beside the gateway, so what the gateway's own
 * layers (Hono, sessions, limits, headers, metrics) cost is told apart from what node's HTTP
 * stack and that client cost on the machine.
 *
 *   UPSTREAM_URL=<upstream origin> PORT=<port> node dist/node-proxy-server.js
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { HttpClient } from '@uapqa/service-kit';

const upstream = new URL(process.env.UPSTREAM_URL ?? '');
const port = Number(process.env.PORT);

const FAILED = '{"message":"The upstream did not answer."}';
const TIMEOUT_MS = 4_000;

const client = new HttpClient(upstream);
/** What describes the connection, not the message: the client and node frame their own. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

function failed(outgoing: ServerResponse): void {
  if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
  outgoing.end(FAILED);
}

function forward(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const headers: Record<string, string> = {};
  for (const name in incoming.headers) {
    const value = incoming.headers[name];
    if (value !== undefined && !CONNECTION_HEADERS.has(name)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  const method = incoming.method ?? 'GET';
  const send = (body?: Buffer) =>
    client
      .send({
        method,
        path: incoming.url ?? '/',
        headers,
        ...(body ? { body } : {}),
        timeoutMs: TIMEOUT_MS,
      })
      .then((answer) => {
        const answered: Record<string, string | string[]> = {};
        for (const name in answer.headers) {
          const value = answer.headers[name];
          if (value !== undefined && !CONNECTION_HEADERS.has(name) && name !== 'content-length') {
            answered[name] = value;
          }
        }
        outgoing.writeHead(answer.status, answered);
        outgoing.end(answer.body);
      })
      .catch(() => failed(outgoing));
  // A GET or HEAD goes on at once, as the gateway sends it: waiting for the end of a body that
  // never comes would add a turn of the event loop.
  if (method === 'GET' || method === 'HEAD') {
    incoming.resume();
    void send();
    return;
  }
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => void send(chunks.length > 0 ? Buffer.concat(chunks) : undefined));
}

const server = createServer(forward);
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
