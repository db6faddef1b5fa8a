import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics: one registry per process, never prom-client's global one.
 *
 * Embedded mode runs the gateway and every service in one process, so per-service series carry a
 * `service` label (HTTP and outbox metrics) instead of living in separate registries that would
 * collide on the same metric names; the bus is shared by the whole process and its series are
 * labelled by stream and consumer. Any app's `/metrics` serves this one registry: in the
 * distributed modes that is exactly one service (plus its process), embedded it is everything.
 */
export interface ProcessMetrics {
  registry: Registry;
  /** Outboxes read by the two outbox gauges at scrape time (see trackOutbox). */
  outboxSources: Set<OutboxSource>;
  httpRequests: Counter<'service' | 'method' | 'route' | 'status_class'>;
  httpErrors: Counter<'service' | 'method' | 'route' | 'status_class'>;
  httpDuration: Histogram<'service' | 'method' | 'route' | 'status_class'>;
  busPublished: Counter<'stream' | 'type' | 'result'>;
  busConsumed: Counter<'stream' | 'consumer' | 'type' | 'outcome'>;
  busRedeliveries: Counter<'stream' | 'consumer' | 'type'>;
  busDeadLetters: Counter<'stream' | 'consumer' | 'type'>;
  outboxPending: Gauge<'service'>;
  outboxOldestAge: Gauge<'service'>;
}

/** What `/metrics` reports about one service's outbox, read at scrape time. */
export interface OutboxLag {
  pending: number;
  oldestCreatedAt: Date | null;
}

export interface OutboxSource {
  service: string;
  read(): Promise<OutboxLag>;
}

type OutboxTotals = Map<string, { pending: number; age: number }>;

/**
 * Reads every registered outbox once per scrape (both gauges share the answer): the number of
 * unpublished rows and the age of the oldest, per service. A source that fails (its database is
 * closing) is left out rather than failing the whole scrape.
 */
function outboxReader(sources: Set<OutboxSource>): () => Promise<OutboxTotals> {
  let inFlight: Promise<OutboxTotals> | null = null;
  return () => {
    // The gauges collect concurrently within one scrape: they share one read of each outbox.
    if (inFlight) return inFlight;
    const now = Date.now();
    const values = (async () => {
      const totals: OutboxTotals = new Map();
      const answers = await Promise.all(
        [...sources].map(async (source) => ({
          source,
          lag: await source.read().catch(() => null),
        })),
      );
      for (const { source, lag } of answers) {
        if (!lag) continue;
        const total = totals.get(source.service) ?? { pending: 0, age: 0 };
        total.pending += lag.pending;
        if (lag.oldestCreatedAt) {
          const age = Math.max(0, (now - lag.oldestCreatedAt.getTime()) / 1000);
          total.age = Math.max(total.age, age);
        }
        totals.set(source.service, total);
      }
      return totals;
    })();
    inFlight = values;
    void values.finally(() => {
      inFlight = null;
    });
    return values;
  };
}

function create(): ProcessMetrics {
  const registry = new Registry();
  const outboxSources = new Set<OutboxSource>();
  const readOutboxes = outboxReader(outboxSources);
  collectDefaultMetrics({ register: registry });
  const httpLabels = ['service', 'method', 'route', 'status_class'] as const;
  return {
    registry,
    outboxSources,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by service, method, matched route pattern and status class.',
      labelNames: httpLabels,
      registers: [registry],
    }),
    httpErrors: new Counter({
      name: 'http_request_errors_total',
      help: 'HTTP requests answered with a 5xx status.',
      labelNames: httpLabels,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, in seconds.',
      labelNames: httpLabels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers: [registry],
    }),
    busPublished: new Counter({
      name: 'bus_events_published_total',
      help: 'Events published to the bus, by stream, type and result (ok, duplicate, error).',
      labelNames: ['stream', 'type', 'result'],
      registers: [registry],
    }),
    busConsumed: new Counter({
      name: 'bus_events_consumed_total',
      help: 'Deliveries handled by durable consumers, by outcome (ack, retry, dead_letter).',
      labelNames: ['stream', 'consumer', 'type', 'outcome'],
      registers: [registry],
    }),
    busRedeliveries: new Counter({
      name: 'bus_redeliveries_total',
      help: 'Deliveries of an event to a durable consumer after its first attempt.',
      labelNames: ['stream', 'consumer', 'type'],
      registers: [registry],
    }),
    busDeadLetters: new Counter({
      name: 'bus_dead_letters_total',
      help: 'Events a durable consumer gave up on after maxDeliver attempts (dead-lettered).',
      labelNames: ['stream', 'consumer', 'type'],
      registers: [registry],
    }),
    outboxPending: new Gauge({
      name: 'outbox_pending_events',
      help: 'Outbox rows not yet published to the bus, read at scrape time.',
      labelNames: ['service'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [service, { pending }] of await readOutboxes()) this.set({ service }, pending);
      },
    }),
    outboxOldestAge: new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest unpublished outbox row in seconds (0 when none), read at scrape time.',
      labelNames: ['service'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [service, { age }] of await readOutboxes()) this.set({ service }, age);
      },
    }),
  };
}

// Kept on globalThis so two copies of this module (source and build in one test run) share it.
const KEY = Symbol.for('@uapqa/service-kit/metrics');
type Holder = { [KEY]?: ProcessMetrics };

/** The process's metrics, created (with the default process metrics) on first use. */
export function processMetrics(): ProcessMetrics {
  const holder = globalThis as Holder;
  holder[KEY] ??= create();
  return holder[KEY];
}

/** Reports a service's outbox lag on every scrape until the returned function is called. */
export function trackOutbox(service: string, read: () => Promise<OutboxLag>): () => void {
  const { outboxSources } = processMetrics();
  const source: OutboxSource = { service, read };
  outboxSources.add(source);
  return () => {
    outboxSources.delete(source);
  };
}

/** The Prometheus text exposition of the process's registry. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = processMetrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
