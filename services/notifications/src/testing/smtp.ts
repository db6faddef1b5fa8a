import type { AddressInfo } from 'node:net';
import { eventually } from '@uapqa/service-kit/testing';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses, lower-cased. */
  envelopeTo: string[];
  mail: ParsedMail;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** DATA commands answered with an error so far. */
  refusals: number;
  /** Answers the next `count` messages with `code` (451: try again later; 550: never). */
  refuse(count: number, code?: number): void;
  /** Messages received for `address`. */
  to(address: string): ParsedMail[];
  /** Waits until `address` has received `count` messages (exactly), and returns them. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Waits for the one message to `address` whose subject matches; fails if there are two. */
  waitForOne(address: string, subject: RegExp | string, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (an ephemeral port unless one is given), parsing what it gets. */
export async function startSmtp(port = 0, { delayMs = 0 } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refuseCount = 0;
  let refuseCode = 451;
  const state = { refusals: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      if (refuseCount > 0) {
        refuseCount--;
        state.refusals++;
        stream.resume();
        stream.on('end', () => {
          const error = new Error(
            refuseCode >= 500 ? 'Mailbox unavailable' : 'Try again later',
          ) as Error & { responseCode: number };
          error.responseCode = refuseCode;
          callback(error);
        });
        return;
      }
      simpleParser(stream).then(
        async (mail) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          received.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            mail,
          });
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  const to = (address: string) =>
    received
      .filter((each) => each.envelopeTo.includes(address.toLowerCase()))
      .map((each) => each.mail);
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    get refusals() {
      return state.refusals;
    },
    refuse(count, code = 451) {
      refuseCount = count;
      refuseCode = code;
    },
    to,
    async waitFor(address, count = 1, timeoutMs = 10_000) {
      const mails = await eventually(
        () => {
          const got = to(address);
          if (got.length < count) throw new Error(`${address}: ${got.length} of ${count} messages`);
          return got;
        },
        { timeoutMs, intervalMs: 25 },
      );
      if (mails.length !== count) {
        throw new Error(`${address} received ${mails.length} messages, expected ${count}`);
      }
      return mails;
    },
    async waitForOne(address, subject, timeoutMs = 10_000) {
      const matches = () =>
        to(address).filter((mail) =>
          typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject ?? ''),
        );
      const [mail] = await eventually(
        () => {
          const found = matches();
          if (found.length === 0) throw new Error(`${address}: no message matching ${subject}`);
          return found;
        },
        { timeoutMs, intervalMs: 25 },
      );
      if (matches().length > 1) throw new Error(`${address}: several messages match ${subject}`);
      return mail!;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address a parsed message was sent to (its To header). */
export function toAddress(mail: ParsedMail): string | undefined {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address;
}
