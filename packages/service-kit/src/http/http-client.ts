import { Agent, type ClientRequest, request } from 'node:http';

/**
 * HTTP/1.1 calls to one origin over kept-alive connections, each answer read whole: how the
 * gateway reaches the services, and how the load generator reaches the stack. Node's own client
 * and its kept-alive `Agent` do the protocol (docs/decisions/01-upstream-http-client.md says why
 * this one); this adds what every caller here needs on top: a deadline per call with a message
 * naming who did not answer, and one retry of a GET or HEAD whose kept-alive connection the
 * server closed just as it was sent.
 */

export interface HttpCall {
  method: string;
  /** Path and query string. */
  path: string;
  headers?: Record<string, string | undefined>;
  body?: Uint8Array | string;
  timeoutMs: number;
  /** The error's message when no answer comes within `timeoutMs`. */
  timeoutMessage?: string;
}

export interface HttpAnswer {
  status: number;
  /** Lower-case names; Set-Cookie is a list, other repeated headers are joined with ", ". */
  headers: Record<string, string | string[] | undefined>;
  /** The whole body: the answers these calls carry are small documents. */
  body: Buffer;
}

/**
 * A call that failed; `code` is node's (ECONNREFUSED, ECONNRESET…), ETIMEDOUT past the
 * deadline, or EPROTO when the server's answer broke the protocol.
 */
export class CallError extends Error {
  override readonly name = 'CallError';
  constructor(
    message: string,
    readonly code: string,
    /** The call went on a reused connection that closed before any byte of its answer. */
    readonly staleConnection = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface HttpClientOptions {
  /** Connections open at once at most; calls beyond wait for one to be free. */
  maxConnections?: number;
}

/** Headers the client frames itself: a caller's would contradict them. */
const FRAMING = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

/**
 * Idle connections are closed after this, before the servers' own 5 s keep-alive limit, so a
 * call is rarely sent on a connection the server is closing.
 */
const IDLE_CONNECTION_MS = 4_000;

/** Kept-alive HTTP/1.1 connections to one origin. */
export class HttpClient {
  private readonly agent: Agent;
  private readonly hostname: string;
  private readonly port: number;

  constructor(origin: string | URL, options: HttpClientOptions = {}) {
    const url = new URL(origin);
    if (url.protocol !== 'http:') throw new TypeError(`${url.protocol} is not supported here`);
    this.hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = url.port ? Number(url.port) : 80;
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: options.maxConnections ?? 256,
      maxFreeSockets: options.maxConnections ?? 256,
      // The most recently used connection is taken first: the others age out when calls slow.
      scheduling: 'lifo',
      timeout: IDLE_CONNECTION_MS,
    });
  }

  /**
   * One call, its answer read whole. A GET or HEAD whose kept-alive connection the server
   * closed before answering is sent once more on another connection: it changed nothing.
   * Other calls are never sent twice.
   */
  async send(call: HttpCall): Promise<HttpAnswer> {
    try {
      return await this.attempt(call);
    } catch (error) {
      const retry =
        error instanceof CallError &&
        error.staleConnection &&
        (call.method === 'GET' || call.method === 'HEAD');
      if (retry) return this.attempt(call);
      throw error;
    }
  }

  /** Closes every connection, idle or carrying a call. */
  close(): void {
    this.agent.destroy();
  }

  private attempt(call: HttpCall): Promise<HttpAnswer> {
    const headers: Record<string, string> = {};
    for (const name in call.headers) {
      const value = call.headers[name];
      if (value !== undefined && !FRAMING.has(name.toLowerCase())) headers[name] = value;
    }
    if (call.body !== undefined) headers['content-length'] = String(Buffer.byteLength(call.body));
    return new Promise((resolve, reject) => {
      let outgoing: ClientRequest;
      try {
        // Node refuses a method, path or header value that would break the request apart.
        outgoing = request({
          agent: this.agent,
          hostname: this.hostname,
          port: this.port,
          method: call.method,
          path: call.path,
          headers,
        });
      } catch (error) {
        reject(error);
        return;
      }
      let answered = false;
      const deadline = setTimeout(() => {
        const message = call.timeoutMessage ?? `no answer within ${call.timeoutMs} ms`;
        outgoing.destroy(new CallError(message, 'ETIMEDOUT'));
      }, call.timeoutMs);
      deadline.unref();
      const failed = (error: NodeJS.ErrnoException) => {
        clearTimeout(deadline);
        reject(callError(error, outgoing.reusedSocket && !answered));
      };
      outgoing.on('error', failed);
      outgoing.on('response', (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', failed);
        incoming.on('end', () => {
          clearTimeout(deadline);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
          });
        });
      });
      outgoing.end(call.body);
    });
  }
}

function callError(error: NodeJS.ErrnoException, stale: boolean): CallError {
  if (error instanceof CallError) return error;
  const code = error.code ?? 'ECONNRESET';
  // Node's HTTP parser names what it refused (HPE_INVALID_CONSTANT…): all say the same here.
  if (code.startsWith('HPE_'))
    return new CallError(error.message, 'EPROTO', false, { cause: error });
  return new CallError(error.message, code, stale && code === 'ECONNRESET', { cause: error });
}
