import { connect, type Socket } from 'node:net';
import { type ParsedResponse, ResponseParser } from './response-parser.js';

/**
 * HTTP/1.1 calls to one origin over kept-alive connections, each answer read whole: how the
 * gateway reaches the services, and how the load generator reaches the stack.
 *
 * Neither of the usual clients is used, each for a measured reason:
 * - node's own (`http.request` with a kept-alive Agent) spends about 60 µs of CPU per call on
 *   this project's machines in its ClientRequest, Agent and IncomingMessage stream machinery,
 *   as much as the service it calls spends answering from memory; on the gateway that was half
 *   of what a forwarded request cost;
 * - undici (7.29, 6.29 and 8.12 alike) checks an idle kept-alive connection before sending on it
 *   again by waiting one zero-delay timer, which node rounds up to a millisecond: a caller making
 *   one call after another waits 1.3–1.5 ms per call instead of 0.2 ms.
 *
 * So this writes each request's head as one string and reads answers with a small parser
 * (response-parser.ts) that only frames them: Content-Length, chunked, or the close. It is not
 * a general client: no redirects, no compression, no upgrades, no request streaming.
 */

/** Idle connections are not reused past this, before the servers' own 5 s keep-alive limit. */
const IDLE_CONNECTION_MS = 4_000;

export interface KeptAliveRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers?: Record<string, string | undefined>;
  body?: Uint8Array | string;
  timeoutMs: number;
  /** The error's message when no answer comes within `timeoutMs`. */
  timeoutMessage?: string;
}

export interface KeptAliveResponse {
  status: number;
  /** Lower-case names; Set-Cookie is a list, other repeated headers are joined with ", ". */
  headers: Record<string, string | string[] | undefined>;
  /** The whole body: the answers these calls carry are small documents. */
  body: Buffer;
}

/** A call that failed; `code` is node's (ECONNREFUSED, ECONNRESET…) or ETIMEDOUT. */
export class CallError extends Error {
  override readonly name = 'CallError';
  constructor(
    message: string,
    readonly code: string,
    /** The connection had served calls before and closed before any byte of this answer. */
    readonly staleConnection = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Headers the client frames itself: a caller's would contradict them. */
const FRAMING = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const REQUEST_TARGET = /^\/[\x21-\x7e]*$/;
const LINE_BREAK_OR_NUL = /[\r\n\0]/;

function requestHead(host: string, call: KeptAliveRequest): string {
  if (!TOKEN.test(call.method)) throw new TypeError(`'${call.method}' is not an HTTP method`);
  if (!REQUEST_TARGET.test(call.path)) {
    throw new TypeError('the request path must start with / and hold only visible ASCII');
  }
  let head = `${call.method} ${call.path} HTTP/1.1\r\nhost: ${host}\r\n`;
  const headers = call.headers ?? {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || FRAMING.has(name.toLowerCase())) continue;
    if (!TOKEN.test(name)) throw new TypeError(`'${name}' is not a header name`);
    if (LINE_BREAK_OR_NUL.test(value)) throw new TypeError(`the ${name} header holds a line break`);
    head += `${name}: ${value}\r\n`;
  }
  if (call.body !== undefined) head += `content-length: ${Buffer.byteLength(call.body)}\r\n`;
  return `${head}\r\n`;
}

interface Pending {
  parser: ResponseParser;
  deadline: number;
  timeoutMs: number;
  timeoutMessage: string | undefined;
  resolve(response: ParsedResponse): void;
  reject(error: Error): void;
}

class Connection {
  readonly socket: Socket;
  /** Calls answered on it so far. */
  served = 0;
  idleSince = 0;
  closed = false;
  private pending: Pending | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerMs = 0;

  constructor(
    private readonly owner: KeptAliveClient,
    host: string,
    port: number,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.received(chunk));
    this.socket.on('end', () => this.ended());
    this.socket.on('error', (error: NodeJS.ErrnoException) => {
      this.fail(
        new CallError(error.message, error.code ?? 'ECONNRESET', this.stale(), { cause: error }),
      );
    });
    this.socket.on('close', () => this.ended());
  }

  send(head: string, call: KeptAliveRequest, pending: Omit<Pending, 'parser' | 'deadline'>): void {
    this.pending = {
      ...pending,
      parser: new ResponseParser(call.method === 'HEAD'),
      deadline: performance.now() + call.timeoutMs,
    };
    this.arm(call.timeoutMs);
    const socket = this.socket;
    if (this.served > 0) socket.ref();
    if (call.body === undefined) socket.write(head, 'latin1');
    else {
      socket.cork();
      socket.write(head, 'latin1');
      socket.write(call.body);
      socket.uncork();
    }
  }

  destroy(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket.destroy();
  }

  /** Whether a failure now means the connection had gone stale while idle (safe to retry). */
  private stale(): boolean {
    return this.served > 0 && this.pending !== undefined && !this.pending.parser.started;
  }

  /** One timer per connection, re-armed per call, rather than one created per call. */
  private arm(ms: number): void {
    if (this.timer && this.timerMs === ms) {
      this.timer.refresh();
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timerMs = ms;
    this.timer = setTimeout(() => this.timedOut(), ms);
    this.timer.unref();
  }

  private timedOut(): void {
    const pending = this.pending;
    if (!pending) return;
    const left = pending.deadline - performance.now();
    if (left > 1) {
      this.arm(Math.ceil(left));
      return;
    }
    this.fail(
      new CallError(
        pending.timeoutMessage ?? `no answer within ${pending.timeoutMs} ms`,
        'ETIMEDOUT',
      ),
    );
  }

  private received(chunk: Buffer): void {
    const pending = this.pending;
    if (!pending) {
      this.fail(new CallError('the server sent bytes nobody asked for', 'EPROTO'));
      return;
    }
    let response: ParsedResponse | undefined;
    try {
      response = pending.parser.feed(chunk);
    } catch (error) {
      this.fail(new CallError((error as Error).message, 'EPROTO', false, { cause: error }));
      return;
    }
    if (response) this.answered(response);
  }

  private ended(): void {
    const pending = this.pending;
    const response = pending?.parser.end();
    if (response) {
      this.answered(response);
      return;
    }
    if (pending) {
      this.fail(
        new CallError('the connection closed before the answer ended', 'ECONNRESET', this.stale()),
      );
      return;
    }
    if (!this.closed) {
      this.closed = true;
      this.owner.forget(this);
    }
  }

  private answered(response: ParsedResponse): void {
    const pending = this.pending!;
    this.pending = undefined;
    this.served++;
    if (response.reusable && !this.closed) {
      this.socket.unref();
      this.owner.release(this);
    } else {
      this.destroy();
      this.owner.forget(this);
    }
    pending.resolve(response);
  }

  private fail(error: CallError): void {
    const pending = this.pending;
    this.pending = undefined;
    const wasOpen = !this.closed;
    this.destroy();
    if (wasOpen) this.owner.forget(this);
    pending?.reject(error);
  }
}

export interface KeptAliveOptions {
  /** Connections open at once at most; calls beyond wait for one to be free. */
  maxConnections?: number;
}

/** Kept-alive HTTP/1.1 connections to one origin (see the top of this file). */
export class KeptAliveClient {
  private readonly host: string;
  private readonly hostname: string;
  private readonly port: number;
  private readonly maxConnections: number;
  /** Free connections, the most recently used last: it is the one taken next. */
  private readonly idle: Connection[] = [];
  private readonly waiting: Array<(connection: Connection) => void> = [];
  private open = 0;
  private closed = false;

  constructor(origin: string | URL, options: KeptAliveOptions = {}) {
    const url = new URL(origin);
    if (url.protocol !== 'http:') throw new TypeError(`${url.protocol} is not supported here`);
    this.host = url.host;
    this.hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = url.port ? Number(url.port) : 80;
    this.maxConnections = options.maxConnections ?? 256;
  }

  /**
   * One call, its answer read whole. A call that found its kept-alive connection closed by the
   * server before any answer is sent once more on another, when it is a GET or HEAD: it changed
   * nothing. Other calls are never sent twice.
   */
  async send(call: KeptAliveRequest): Promise<KeptAliveResponse> {
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

  /** Closes the free connections; those carrying a call close once it is answered. */
  close(): void {
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.destroy();
    this.open = 0;
  }

  /** A connection that answered and may carry another call. */
  release(connection: Connection): void {
    if (this.closed) {
      connection.destroy();
      return;
    }
    const next = this.waiting.shift();
    if (next) {
      next(connection);
      return;
    }
    connection.idleSince = performance.now();
    this.idle.push(connection);
  }

  /** A connection that closed; a waiting call gets a new one in its place. */
  forget(connection: Connection): void {
    if (this.closed) return;
    this.open--;
    const index = this.idle.indexOf(connection);
    if (index >= 0) this.idle.splice(index, 1);
    const next = this.waiting.shift();
    if (next) next(this.connection());
  }

  private attempt(call: KeptAliveRequest): Promise<KeptAliveResponse> {
    if (this.closed) return Promise.reject(new CallError('the client is closed', 'ECLOSED'));
    let head: string;
    try {
      head = requestHead(this.host, call);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const pending = {
        timeoutMs: call.timeoutMs,
        timeoutMessage: call.timeoutMessage,
        resolve,
        reject,
      };
      const free = this.free();
      if (free) free.send(head, call, pending);
      else this.waiting.push((connection) => connection.send(head, call, pending));
    });
  }

  /** A free connection: the most recently used one still fresh, or a new one while allowed. */
  private free(): Connection | undefined {
    const now = performance.now();
    for (let connection = this.idle.pop(); connection; connection = this.idle.pop()) {
      if (!connection.closed && now - connection.idleSince < IDLE_CONNECTION_MS) return connection;
      // Too long idle: the server may be closing it as we write. Another one, or a new one.
      connection.destroy();
      this.open--;
    }
    return this.open < this.maxConnections ? this.connection() : undefined;
  }

  private connection(): Connection {
    this.open++;
    return new Connection(this, this.hostname, this.port);
  }
}
