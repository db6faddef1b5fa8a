/**
 * A reverse proxy written the common way in node: node's HTTP server, node's own kept-alive
 * client to one upstream, bodies piped through, nothing else. The overhead bench runs it beside
 * the gateway and nginx, so the gateway's own layers (Hono, sessions, limits, headers, metrics)
 * are told apart from what node's HTTP stack costs on the machine.
 *
 *   UPSTREAM_URL=<upstream origin> PORT=<port> node dist/node-proxy-server.js
 */
import { Agent, createServer, request } from 'node:http';

const upstream = new URL(process.env.UPSTREAM_URL ?? '');
const port = Number(process.env.PORT);
const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

const server = createServer((incoming, outgoing) => {
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
  forwarded.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
    outgoing.end('{"message":"The upstream did not answer."}');
  });
  incoming.pipe(forwarded);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
