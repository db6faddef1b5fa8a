import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CallError, HttpClient } from '../src/http/http-client.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A node HTTP server on a free port; counts the connections it accepted. */
async function httpServer(
  handler: (request: IncomingMessage, response: ServerResponse, body: Buffer) => void,
  options: { keepAliveTimeout?: number } = {},
) {
  const seen = { connections: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, response, Buffer.concat(chunks)));
  });
  if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
  server.on('connection', () => seen.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url, seen };
}

/** A TCP server that answers each request with `reply(requestIndexOnItsConnection, socket)`. */
async function rawServer(reply: (index: number, socket: Socket, connection: number) => void) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    const connection = connections++;
    let index = 0;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      while (buffered.includes('\r\n\r\n')) {
        const end = buffered.indexOf('\r\n\r\n') + 4;
        const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
        if (buffered.length < end + length) return;
        buffered = buffered.slice(end + length);
        reply(index++, socket, connection);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
  };
}

function client(url: string, maxConnections?: number) {
  const made = new HttpClient(url, maxConnections ? { maxConnections } : {});
  cleanups.push(() => made.close());
  return made;
}

const get = (path = '/', timeoutMs = 5_000) => ({ method: 'GET', path, timeoutMs });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `text` one byte at a time, each in its own TCP segment as far as node can tell. */
async function dribble(socket: Socket, text: string) {
  socket.setNoDelay(true);
  for (const byte of Buffer.from(text, 'latin1')) {
    socket.write(Buffer.from([byte]));
    await delay(0);
  }
}

describe('HttpClient', () => {
  it('reads status, headers and body, with Set-Cookie as a list and repeats joined', async () => {
    const { url } = await httpServer((request, response) => {
      response.setHeader('Set-Cookie', ['a=1; HttpOnly', 'b=2']);
      response.setHeader('Vary', ['Origin', 'Cookie']);
      response.setHeader('Content-Type', 'application/json');
      response.writeHead(201);
      response.end(JSON.stringify({ path: request.url, cookie: request.headers.cookie }));
    });
    const answer = await client(url).send({ ...get('/q?x=1'), headers: { cookie: 'c=3' } });
    expect(answer.status).toBe(201);
    expect(answer.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2']);
    expect(answer.headers.vary).toBe('Origin, Cookie');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body.toString())).toEqual({ path: '/q?x=1', cookie: 'c=3' });
  });

  it('sends a body with its length, UTF-8 strings and bytes alike', async () => {
    const { url } = await httpServer((request, response, body) => {
      response.end(`${request.method} ${request.headers['content-length']} ${body.toString()}`);
    });
    const connections = client(url);
    const text = await connections.send({
      method: 'POST',
      path: '/',
      body: 'é☃',
      timeoutMs: 5_000,
    });
    expect(text.body.toString()).toBe('POST 5 é☃');
    const bytes = await connections.send({
      method: 'PATCH',
      path: '/',
      body: new Uint8Array([104, 105]),
      timeoutMs: 5_000,
    });
    expect(bytes.body.toString()).toBe('PATCH 2 hi');
  });

  it('keeps one connection for calls made one after another', async () => {
    const { url, seen } = await httpServer((_request, response) => response.end('ok'));
    const connections = client(url);
    for (let call = 0; call < 20; call++) {
      expect((await connections.send(get())).body.toString()).toBe('ok');
    }
    expect(seen.connections).toBe(1);
  });

  it('opens no more than maxConnections; calls beyond wait their turn', async () => {
    let inFlight = 0;
    let most = 0;
    const { url, seen } = await httpServer((_request, response) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        response.end('done');
      }, 20);
    });
    const connections = client(url, 2);
    const answers = await Promise.all(Array.from({ length: 7 }, () => connections.send(get())));
    expect(answers.map((answer) => answer.body.toString())).toEqual(Array(7).fill('done'));
    expect(seen.connections).toBe(2);
    expect(most).toBe(2);
  });

  it('reads chunked bodies, including a large one', async () => {
    const big = 'x'.repeat(300_000);
    const { url } = await httpServer((request, response) => {
      if (request.url === '/big') {
        response.write(big.slice(0, 100_000));
        setTimeout(() => response.end(big.slice(100_000)), 5);
        return;
      }
      response.write('first,');
      setTimeout(() => response.end('second'), 5);
    });
    const connections = client(url);
    const answer = await connections.send(get());
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.body.toString()).toBe('first,second');
    expect((await connections.send(get('/big'))).body.toString()).toBe(big);
  });

  it('reads no body for HEAD, 204 and 304, and the connection serves the next call', async () => {
    const { url, seen } = await httpServer((request, response) => {
      if (request.url === '/204') response.writeHead(204).end();
      else if (request.url === '/304') response.writeHead(304).end();
      else
        response
          .writeHead(200, { 'content-length': '5' })
          .end(request.method === 'HEAD' ? undefined : 'hello');
    });
    const connections = client(url);
    const head = await connections.send({ method: 'HEAD', path: '/', timeoutMs: 5_000 });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, '5', 0]);
    expect((await connections.send(get('/204'))).status).toBe(204);
    expect((await connections.send(get('/304'))).status).toBe(304);
    expect((await connections.send(get())).body.toString()).toBe('hello');
    expect(seen.connections).toBe(1);
  });

  it('parses answers that arrive one byte at a time, interim 100 and chunked included', async () => {
    const server = await rawServer((index, socket) => {
      const answers = [
        'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-One: 1\r\n\r\nhello',
        'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nTrailer: t\r\n\r\n',
      ];
      void dribble(socket, answers[index] ?? 'HTTP/1.1 500 No\r\nContent-Length: 0\r\n\r\n');
    });
    const connections = client(server.url);
    const first = await connections.send(get());
    expect([first.status, first.headers['x-one'], first.body.toString()]).toEqual([
      200,
      '1',
      'hello',
    ]);
    const second = await connections.send(get());
    expect([second.status, second.body.toString()]).toEqual([200, 'abcde']);
    expect(server.connections()).toBe(1);
  });

  it('reads an answer framed by the close, and does not reuse its connection', async () => {
    const server = await rawServer((_index, socket) => {
      socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end');
    });
    const connections = client(server.url);
    expect((await connections.send(get())).body.toString()).toBe('until the end');
    expect((await connections.send(get())).body.toString()).toBe('until the end');
    expect(server.connections()).toBe(2);
  });

  it('does not reuse a connection the server said it closes', async () => {
    const { url, seen } = await httpServer((_request, response) => {
      response.setHeader('Connection', 'close');
      response.end('bye');
    });
    const connections = client(url);
    await connections.send(get());
    await connections.send(get());
    expect(seen.connections).toBe(2);
  });

  it('sends a GET again on a fresh connection when a kept-alive one was closed under it, never a POST', async () => {
    // Each connection answers its first call and drops the second unanswered, as a server
    // closing an idle connection at the moment a call is sent on it.
    const server = await rawServer((index, socket) => {
      if (index === 0) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      else socket.destroy();
    });
    const connections = client(server.url);
    await connections.send(get());
    expect((await connections.send(get())).body.toString()).toBe('ok');
    expect(server.connections()).toBe(2);
    const post = connections.send({ method: 'POST', path: '/', body: '{}', timeoutMs: 5_000 });
    await expect(post).rejects.toMatchObject({ code: 'ECONNRESET', staleConnection: true });
    expect(server.connections()).toBe(2);
  });

  it('forgets connections the server closed while they were idle', async () => {
    let closed: Promise<void> = Promise.resolve();
    const server = await rawServer((_index, socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      // Closed once the client closed its side too: it has seen the server's close by then.
      closed = new Promise((resolve) => socket.once('close', () => resolve()));
      socket.end();
    });
    const connections = client(server.url);
    await connections.send(get());
    await closed;
    // A POST is never sent twice: it can only succeed on a new connection.
    const post = await connections.send({ method: 'POST', path: '/', body: 'x', timeoutMs: 5_000 });
    expect(post.body.toString()).toBe('ok');
    expect(server.connections()).toBe(2);
  });

  it('gives up after timeoutMs with the given message, and uses another connection after', async () => {
    // The slow answer is held until the call gave up: it cannot have been read.
    let held: ServerResponse | undefined;
    const { url, seen } = await httpServer((request, response) => {
      if (request.url === '/slow') held = response;
      else response.end('quick');
    });
    const connections = client(url);
    await expect(
      connections.send({ ...get('/slow', 100), timeoutMessage: 'questions did not answer' }),
    ).rejects.toMatchObject({ code: 'ETIMEDOUT', message: 'questions did not answer' });
    expect(held?.writableEnded).toBe(false);
    held?.end('late');
    expect((await connections.send(get())).body.toString()).toBe('quick');
    expect(seen.connections).toBe(2);
  });

  it('says so when nobody listens', async () => {
    const server = await rawServer(() => {});
    const url = server.url;
    await cleanups.pop()!();
    await expect(client(url).send(get())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('refuses an answer that breaks the protocol', async () => {
    for (const reply of [
      'SMTP ready\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\n\r\nx',
      'HTTP/1.1 200 OK\r\nbad header\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ]) {
      const server = await rawServer((_index, socket) => socket.write(reply));
      const error = await client(server.url)
        .send(get())
        .catch((caught: unknown) => caught);
      expect(error, reply).toBeInstanceOf(CallError);
      expect((error as CallError).code, reply).toBe('EPROTO');
    }
  });

  it('sends nothing when a header or the path would break the request apart', async () => {
    const server = await rawServer((_index, socket) =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'),
    );
    const connections = client(server.url);
    await expect(
      connections.send({ ...get(), headers: { 'x-evil': 'a\r\nInjected: yes' } }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_CHAR' });
    await expect(connections.send(get('/a b'))).rejects.toMatchObject({
      code: 'ERR_UNESCAPED_CHARACTERS',
    });
    await expect(connections.send({ ...get(), method: 'GET /x' })).rejects.toMatchObject({
      code: 'ERR_INVALID_HTTP_TOKEN',
    });
    expect(server.connections()).toBe(0);
  });
});
