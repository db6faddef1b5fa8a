import {
  CreatorApproved,
  CreatorListingChanged,
  IDENTITY_STREAM,
  QUESTIONS_STREAM,
  QuestionSubmitted,
  readEvent,
  TaxonomyChanged,
} from '@uapqa/contracts';
import { type EventBus, type Remembered, remembered, type Subscription } from '@uapqa/service-kit';
import type { Context, MiddlewareHandler } from 'hono';

/** The public lists every browse page view asks for, the same for every caller. */
export type PublicList = 'experts' | 'categories' | 'tags';

/** A list's answer as the services gave it, kept whole so that it can be served again. */
interface ListAnswer {
  status: number;
  headers: Array<[string, string]>;
  /** Read once here: a list served from memory sends only its body and this. */
  contentType: string;
  body: Uint8Array;
  /** A 200 its maker did not mark `no-store` (a composition missing a part). */
  reusable: boolean;
}

/**
 * Forwarded writes that change a list, by path: the gateway serves the list's next read from
 * the services, so a caller sees their own write at once, before its event comes back.
 */
const WRITES_THAT_CHANGE: ReadonlyArray<{ path: RegExp; list: PublicList }> = [
  // A question takes a place in its expert's window.
  { path: /^\/api\/questions\/?$/, list: 'experts' },
  // Approving, delisting or listing an expert again.
  { path: /^\/api\/admin\/creator-profiles\//, list: 'experts' },
  // A role change away from expert delists them.
  { path: /^\/api\/admin\/users\/[^/]+\/role$/, list: 'experts' },
  { path: /^\/api\/admin\/categories(\/|$)/, list: 'categories' },
  { path: /^\/api\/admin\/tags(\/|$)/, list: 'tags' },
];

export interface PublicLists {
  /**
   * The list's answer: from memory while nothing has changed it (for at most `ttlMs`), else
   * `answer()`'s, asked of the services. Reads with a query string or other than GET always ask.
   */
  serve(c: Context, list: PublicList, answer: () => Promise<Response>): Promise<Response>;
  /** Renews the lists a successful write through this gateway changed. */
  renewAfterWrites: MiddlewareHandler;
  /** Renews the lists on every change announced on the bus (writes through any gateway). */
  follow(bus: EventBus): Promise<Subscription[]>;
}

async function readAnswer(response: Response): Promise<ListAnswer> {
  const body = new Uint8Array(await response.arrayBuffer());
  const reusable =
    response.status === 200 && !/no-store/i.test(response.headers.get('cache-control') ?? '');
  // The request id is the asking request's own; the gateway sets each caller's on the way out.
  const headers = [...response.headers].filter(([name]) => name !== 'x-request-id');
  const contentType = response.headers.get('content-type') ?? 'application/json';
  return { status: response.status, headers, contentType, body, reusable };
}

/**
 * The gateway's memory of the public lists. Each list is asked of its services once per change
 * instead of once per page view: on a browse page view, three of the four calls. `ttlMs` bounds
 * what no event announces and a service replica that renews its own memory later than the
 * gateway asks it.
 */
export function publicLists(ttlMs: number): PublicLists {
  const remember = (): Remembered<() => Promise<Response>, ListAnswer> =>
    remembered(
      async (answer) => readAnswer(await answer()),
      () => 'list',
      {
        ttlMs,
        max: 1,
        keep: (read) => read.reusable,
      },
    );
  const lists: Record<PublicList, Remembered<() => Promise<Response>, ListAnswer>> = {
    experts: remember(),
    categories: remember(),
    tags: remember(),
  };
  return {
    async serve(c, list, answer) {
      if (c.req.method !== 'GET' || c.req.url.includes('?')) return answer();
      const read = await lists[list].get(answer);
      if (read.reusable) {
        return c.body(read.body as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': read.contentType,
        });
      }
      return new Response(read.body as Uint8Array<ArrayBuffer>, {
        status: read.status,
        headers: read.headers,
      });
    },
    async renewAfterWrites(c, next) {
      await next();
      const method = c.req.method;
      if (method === 'GET' || method === 'HEAD' || c.res.status < 200 || c.res.status >= 300) {
        return;
      }
      for (const { path, list } of WRITES_THAT_CHANGE) {
        if (path.test(c.req.path)) lists[list].changed();
      }
    },
    follow: (bus) =>
      Promise.all([
        bus.watch({
          stream: IDENTITY_STREAM,
          types: [CreatorApproved.type, CreatorListingChanged.type],
          handler: async () => lists.experts.changed(),
        }),
        bus.watch({
          stream: QUESTIONS_STREAM,
          types: [QuestionSubmitted.type, TaxonomyChanged.type],
          handler: async (event) => {
            if (event.type === QuestionSubmitted.type) lists.experts.changed();
            else if (readEvent(TaxonomyChanged, event).data.kind === 'category') {
              lists.categories.changed();
            } else lists.tags.changed();
          },
        }),
      ]),
  };
}
