import {
  type NatsConnection,
  RequestError as NatsRequestError,
  type Subscription as NatsSubscription,
  TimeoutError,
} from '@nats-io/transport-node';
import { RequestError, type RequestHandler } from './types.js';

interface ReplyEnvelope {
  ok: boolean;
  result?: unknown;
  error?: string;
}

/**
 * Requests travel under `rpc.`: a subject like `billing.credits.reserve` would otherwise fall
 * inside the `billing.>` stream, and JetStream would answer it with a publish ack. They carry
 * the prefix too, so isolated runs never answer each other.
 */
function requestSubject(prefix: string, subject: string): string {
  return `${prefix}rpc.${subject}`;
}

/** Asks whichever replica of the service answering `subject` replies first. */
export async function sendRequest<T>(
  nc: NatsConnection,
  prefix: string,
  subject: string,
  payload: unknown,
  timeoutMs: number,
): Promise<T> {
  let reply: ReplyEnvelope;
  try {
    const message = await nc.request(
      requestSubject(prefix, subject),
      JSON.stringify(payload ?? null),
      {
        timeout: timeoutMs,
      },
    );
    reply = message.json<ReplyEnvelope>();
  } catch (error) {
    if (error instanceof NatsRequestError && error.isNoResponders()) {
      throw new RequestError('no_responders', `no service answers ${subject}`);
    }
    if (error instanceof TimeoutError || (error as Error)?.name === 'TimeoutError') {
      throw new RequestError('timeout', `${subject} did not answer in ${timeoutMs} ms`);
    }
    throw error;
  }
  if (!reply.ok) throw new RequestError('handler_failed', reply.error ?? `${subject} failed`);
  return reply.result as T;
}

/** Answers requests on `subject`, one replica of a queue group per request. */
export function answerRequests(
  nc: NatsConnection,
  prefix: string,
  subject: string,
  handler: RequestHandler,
): NatsSubscription {
  return nc.subscribe(requestSubject(prefix, subject), {
    queue: subject,
    callback: (error, message) => {
      if (error) return;
      void (async () => {
        let answer: ReplyEnvelope;
        try {
          answer = { ok: true, result: await handler(message.json()) };
        } catch (cause) {
          answer = { ok: false, error: cause instanceof Error ? cause.message : String(cause) };
        }
        message.respond(JSON.stringify(answer));
      })();
    },
  });
}
