/**
 * Reads one HTTP/1.1 response (RFC 9112) from the bytes of a connection, as they arrive: its
 * status, its headers and its whole body, framed by Content-Length, by chunked transfer coding,
 * or by the connection's close. Interim (1xx) answers are skipped. The kept-alive client's
 * parser (see kept-alive.ts for why it does not use node's own client).
 */

/** A response read whole. Header names are lower case; repeated ones are joined with ", ", but
 *  Set-Cookie, which cannot be joined, is a list. */
export interface ParsedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** Whether the connection may carry another request after this response. */
  reusable: boolean;
}

/** The server broke the protocol: the connection cannot be trusted any more. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** Past this many bytes of status line and headers, the answer is refused (node's own: 16 KiB). */
export const MAX_HEAD_BYTES = 64 * 1024;

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [^\r\n]*)?$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const DIGITS = /^\d+$/;
const HEX = /^[0-9A-Fa-f]+$/;

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'close';

export class ResponseParser {
  private state: State = 'head';
  /** Bytes received but not yet consumed (an incomplete head or chunk line). */
  private pending: Buffer = EMPTY;
  /** Where the search for the end of the head resumes in `pending`. */
  private searchFrom = 0;
  private status = 0;
  private headers: Record<string, string | string[]> = {};
  private reusable = true;
  /** Body bytes still expected: of the whole body (length) or of the current chunk. */
  private remaining = 0;
  private readonly parts: Buffer[] = [];

  /** `bodiless`: the request was a HEAD, whose answer never has a body whatever it says. */
  constructor(private readonly bodiless = false) {}

  /** Whether any byte of an answer has arrived. */
  get started(): boolean {
    return this.state !== 'head' || this.pending.length > 0 || this.status !== 0;
  }

  /**
   * Takes the next bytes of the connection. Returns the response once it is complete; bytes
   * after it (the server answering what was never asked) are a protocol error.
   */
  feed(chunk: Buffer): ParsedResponse | undefined {
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = EMPTY;
    let offset = 0;
    while (offset < data.length || this.state === 'length') {
      switch (this.state) {
        case 'head': {
          const end = data.indexOf(HEAD_END, Math.max(offset, this.searchFrom));
          if (end < 0) {
            if (data.length - offset > MAX_HEAD_BYTES) {
              throw new ProtocolError('the response head is too large');
            }
            this.searchFrom = Math.max(0, data.length - offset - 3);
            this.pending = data.subarray(offset);
            return undefined;
          }
          if (end - offset > MAX_HEAD_BYTES)
            throw new ProtocolError('the response head is too large');
          this.searchFrom = 0;
          this.readHead(data.toString('latin1', offset, end));
          offset = end + HEAD_END.length;
          if (this.emptyBody()) return this.finish(data, offset);
          break;
        }
        case 'length': {
          const take = Math.min(this.remaining, data.length - offset);
          if (take > 0) this.parts.push(data.subarray(offset, offset + take));
          offset += take;
          this.remaining -= take;
          if (this.remaining === 0) return this.finish(data, offset);
          return undefined;
        }
        case 'chunk-size': {
          const end = data.indexOf(CRLF, offset);
          if (end < 0) return this.keep(data, offset, 'chunk size line');
          const line = data.toString('latin1', offset, end);
          const size = line.split(';', 1)[0]!.trim();
          if (!HEX.test(size) || size.length > 12) {
            throw new ProtocolError(`bad chunk size '${line.slice(0, 20)}'`);
          }
          this.remaining = Number.parseInt(size, 16);
          this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
          offset = end + CRLF.length;
          break;
        }
        case 'chunk-data': {
          const take = Math.min(this.remaining, data.length - offset);
          this.parts.push(data.subarray(offset, offset + take));
          offset += take;
          this.remaining -= take;
          if (this.remaining === 0) this.state = 'chunk-end';
          break;
        }
        case 'chunk-end': {
          if (data.length - offset < CRLF.length) return this.keep(data, offset, 'chunk end');
          if (data[offset] !== 0x0d || data[offset + 1] !== 0x0a) {
            throw new ProtocolError('a chunk does not end with CRLF');
          }
          offset += CRLF.length;
          this.state = 'chunk-size';
          break;
        }
        case 'trailers': {
          // Trailer fields are read past, not kept: nothing here uses them.
          const end = data.indexOf(CRLF, offset);
          if (end < 0) return this.keep(data, offset, 'trailer section');
          const empty = end === offset;
          offset = end + CRLF.length;
          if (empty) return this.finish(data, offset);
          break;
        }
        case 'close': {
          this.parts.push(data.subarray(offset));
          return undefined;
        }
      }
    }
    return undefined;
  }

  /** The connection ended: completes an answer framed by its close, else there is none. */
  end(): ParsedResponse | undefined {
    if (this.state !== 'close') return undefined;
    return this.result();
  }

  /** The head just read announced no body at all. */
  private emptyBody(): boolean {
    return this.state === 'length' && this.remaining === 0;
  }

  private keep(data: Buffer, offset: number, what: string): undefined {
    if (data.length - offset > MAX_HEAD_BYTES) throw new ProtocolError(`the ${what} is too large`);
    this.pending = data.subarray(offset);
    return undefined;
  }

  private readHead(text: string): void {
    const lines = text.split('\r\n');
    const status = STATUS_LINE.exec(lines[0]!);
    if (!status)
      throw new ProtocolError(`not an HTTP/1.x status line: '${lines[0]!.slice(0, 40)}'`);
    const minor = status[1]!;
    const code = Number(status[2]);
    const headers: Record<string, string | string[]> = {};
    for (let index = 1; index < lines.length; index++) {
      const line = lines[index]!;
      const colon = line.indexOf(':');
      const name = colon > 0 ? line.slice(0, colon) : '';
      if (!HEADER_NAME.test(name)) {
        throw new ProtocolError(`a malformed header line: '${line.slice(0, 40)}'`);
      }
      const key = name.toLowerCase();
      const value = line.slice(colon + 1).trim();
      const known = headers[key];
      if (key === 'set-cookie') {
        if (Array.isArray(known)) known.push(value);
        else headers[key] = [value];
      } else {
        headers[key] = known === undefined ? value : `${known}, ${value}`;
      }
    }
    if (code < 200) {
      // 101 switches protocols, which nothing here asks for; other 1xx precede the answer.
      if (code === 101) throw new ProtocolError('the server switched protocols');
      return;
    }
    const connection = String(headers.connection ?? '').toLowerCase();
    this.reusable =
      minor === '1' ? !/(^|,)\s*close\s*(,|$)/.test(connection) : /keep-alive/.test(connection);
    this.status = code;
    this.headers = headers;
    const coding = headers['transfer-encoding'];
    const length = headers['content-length'];
    if (this.bodiless || code === 204 || code === 304) {
      this.state = 'length';
      this.remaining = 0;
    } else if (typeof coding === 'string') {
      // RFC 9112 §6.3: Transfer-Encoding overrides Content-Length, and such a message must not
      // be followed on the same connection; without chunked last, the close frames the body.
      if (length !== undefined) this.reusable = false;
      if (/(^|,)\s*chunked\s*$/i.test(coding)) this.state = 'chunk-size';
      else {
        this.state = 'close';
        this.reusable = false;
      }
    } else if (typeof length === 'string') {
      const values = new Set(length.split(',').map((value) => value.trim()));
      const [only] = values;
      if (values.size !== 1 || !only || !DIGITS.test(only) || only.length > 15) {
        throw new ProtocolError(`a bad Content-Length '${length.slice(0, 40)}'`);
      }
      this.state = 'length';
      this.remaining = Number(only);
    } else {
      this.state = 'close';
      this.reusable = false;
    }
  }

  private finish(data: Buffer, offset: number): ParsedResponse {
    if (offset < data.length) throw new ProtocolError('bytes after the end of the answer');
    return this.result();
  }

  private result(): ParsedResponse {
    const body =
      this.parts.length === 1
        ? this.parts[0]!
        : this.parts.length === 0
          ? EMPTY
          : Buffer.concat(this.parts);
    return { status: this.status, headers: this.headers, body, reusable: this.reusable };
  }
}
