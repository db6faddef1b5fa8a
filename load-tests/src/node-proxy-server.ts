/**
 * A reverse proxy in node that does nothing but forward, in one of two ways (`CLIENT`):
 * - `node` (the default): the common way, node's HTTP server and node's own kept-alive client,
 *   bodies piped through;
 * - `kit`: node's HTTP server and the service kit's kept-alive client (the one the gateway
 *   forwards with), each answer read whole and written in one call: the least any node gateway
 *   built on that client spends per forwarded request, whatever its own layers.
 * The overhead bench runs both beside the gateway and nginx, so the gateway's own layers (Hono,
 * sessions, limits, headers, metrics) are told apart from what node's HTTP stack costs on the
 * machine.
 *
 *   UPSTREAM_URL=<upstream origin> PORT=<port> [CLIENT=node|kit] node dist/node-proxy-server.js
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { KeptAliveClient } from '@uapqa/service-kit';

const upstream = new URL(process.env.UPSTREAM_URL ?? '');
const port = Number(process.env.PORT);
const client = process.env.CLIENT ?? 'node';
if (client !== 'node' && client !== 'kit') throw new Error(`CLIENT must be node or kit: ${client}`);

const FAILED = '{"message":"The upstream did not answer."}';

function failed(outgoing: ServerResponse): void {
  if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
  outgoing.end(FAILED);
}

const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

function viaNodeClient(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const forwarded = request(
    {
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, host: upstream.host, connection: 'keep-alive' },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => failed(outgoing));
  incoming.pipe(forwarded);
}

const kit = new KeptAliveClient(upstream);
/** What describes the connection, not the message: the kit's client and node frame their own. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

function viaKitClient(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const headers: Record<string, string> = {};
  for (const name in incoming.headers) {
    const value = incoming.headers[name];
    if (value !== undefined && !CONNECTION_HEADERS.has(name)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  const method = incoming.method ?? 'GET';
  const send = (body?: Buffer) =>
    kit
      .send({
        method,
        path: incoming.url ?? '/',
        headers,
        ...(body ? { body } : {}),
        timeoutMs: 4_000,
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
  // never comes would add a turn of the event loop to the floor.
  if (method === 'GET' || method === 'HEAD') {
    incoming.resume();
    void send();
    return;
  }
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => void send(chunks.length > 0 ? Buffer.concat(chunks) : undefined));
}

const server = createServer(client === 'kit' ? viaKitClient : viaNodeClient);
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
