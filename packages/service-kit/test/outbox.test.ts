import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent, defineEvent } from '@uapqa/contracts';
import { isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventBus } from '../src/bus/types.js';
import { enqueue, OutboxRelay } from '../src/outbox.js';
import { eventually, type TestBus, testBackends } from '../src/testing/index.js';
import { openFixtureDatabase } from './fixtures/db.js';
import { notes, outbox } from './fixtures/schema.js';
import { spyBus } from './fixtures/spy-bus.js';

const NoteAdded = defineEvent('test', 'NoteAdded', 1, z.object({ body: z.string() }));
type Handle = Awaited<ReturnType<typeof openFixtureDatabase>>;

describe.each(testBackends())('outbox relay ($name)', (backend) => {
  let harness: TestBus;
  let cleanups: Array<() => Promise<unknown>>;

  beforeEach(async () => {
    harness = await backend.bus('outbox');
    cleanups = [];
  });
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await harness.cleanup();
  });

  /**
   * A fresh database: a Postgres database, or in-memory PGlite. `durable` puts PGlite in a data
   * folder instead, so the database outlives its handle like a Postgres one.
   */
  async function freshDatabase({ durable = false } = {}): Promise<{ open(): Promise<Handle> }> {
    const { url, drop } = await backend.database();
    let where: { url?: string; dataDir?: string } = { url };
    if (url === undefined && durable) {
      const dataDir = await mkdtemp(join(tmpdir(), 'outbox-pglite-'));
      where = { dataDir };
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    } else {
      cleanups.push(drop);
    }
    return {
      async open() {
        const handle = await openFixtureDatabase(where);
        cleanups.push(() => handle.close().catch(() => {}));
        return handle;
      },
    };
  }

  function startRelay(handle: Handle, bus: EventBus, pollIntervalMs = 50): OutboxRelay {
    const relay = new OutboxRelay(handle.db, bus, { pollIntervalMs });
    cleanups.push(() => relay.stop());
    relay.start();
    return relay;
  }

  /** Ids of the events a durable consumer receives, repeats included. */
  async function collect(bus: EventBus = harness.bus): Promise<string[]> {
    const seen: string[] = [];
    await bus.consume({
      stream: 'test',
      durable: 'collector',
      types: [NoteAdded.type],
      handler: async (event) => {
        seen.push(event.id);
      },
    });
    return seen;
  }

  async function addNote(handle: Handle, body: string) {
    const event = createEvent(NoteAdded, { body });
    await handle.db.transaction(async (tx) => {
      await tx.insert(notes).values({ body });
      await enqueue(tx, 'test', event);
    });
    return event;
  }

  const unpublished = async (handle: Handle) =>
    handle.db.select().from(outbox).where(isNull(outbox.publishedAt));

  it('publishes an event committed with its state change exactly once', async () => {
    const { open } = await freshDatabase();
    const handle = await open();
    const spy = spyBus(harness.bus);
    const seen = await collect();
    const relay = startRelay(handle, spy.bus);

    const event = await addNote(handle, 'first');
    relay.kick();
    await eventually(() => expect(seen).toEqual([event.id]));
    // Another pass, known to have run once the next event is out: the first must not go again.
    const next = await addNote(handle, 'next');
    relay.kick();
    await eventually(() => expect(seen).toContain(next.id));
    // The event can arrive before the relay's transaction marking it has committed.
    await eventually(async () => expect(await unpublished(handle)).toEqual([]));

    expect(spy.published).toEqual([event.id, next.id]);
    expect(seen).toEqual([event.id, next.id]);
    expect(await handle.db.select().from(notes)).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: 'next' },
    ]);
  });

  it('sends a backlog larger than a batch on one kick, in order', async () => {
    const { open } = await freshDatabase();
    const handle = await open();
    const seen = await collect();
    const events: Array<{ id: string }> = [];
    for (const body of ['a', 'b', 'c', 'd', 'e']) events.push(await addNote(handle, body));
    // No poll within the test: only the kick's drain can send them.
    const relay = new OutboxRelay(handle.db, harness.bus, { pollIntervalMs: 60_000, batchSize: 2 });
    cleanups.push(() => relay.stop());
    relay.start();

    await eventually(() => expect(seen).toEqual(events.map((event) => event.id)));
    expect(await unpublished(handle)).toEqual([]);
  });

  it('never publishes an event whose transaction rolled back', async () => {
    const { open } = await freshDatabase();
    const handle = await open();
    const spy = spyBus(harness.bus);
    const seen = await collect();
    const relay = startRelay(handle, spy.bus);

    const doomed = createEvent(NoteAdded, { body: 'doomed' });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(notes).values({ body: 'doomed' });
        await enqueue(tx, 'test', doomed);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const kept = await addNote(handle, 'kept');
    relay.kick();

    await eventually(() => expect(seen).toEqual([kept.id]));
    // Stopping waits for a pass under way; no later pass runs to publish anything else.
    await relay.stop();
    expect(spy.published).toEqual([kept.id]);
    expect(await handle.db.select({ id: outbox.id }).from(outbox)).toEqual([{ id: kept.id }]);
    expect(await handle.db.select({ body: notes.body }).from(notes)).toEqual([{ body: 'kept' }]);
  });

  it('publishes after a restart an event committed while no relay ran (crash recovery)', async () => {
    const database = await freshDatabase({ durable: true });
    const crashed = await database.open();
    const event = await addNote(crashed, 'before the crash');
    // The process dies between commit and publish: no relay ever kicks, the handle goes away.
    expect(await unpublished(crashed)).toHaveLength(1);
    await crashed.close();

    const restarted = await database.open();
    const bus = await harness.reconnect();
    const seen = await collect(bus);
    const relay = startRelay(restarted, bus, 60_000); // the start-up pass alone must find it

    await eventually(() => expect(seen).toEqual([event.id]));
    await eventually(async () => expect(await relay.backlog()).toBe(0));
    expect(await restarted.db.select({ body: notes.body }).from(notes)).toEqual([
      { body: 'before the crash' },
    ]);
  });

  it('leaves the row unpublished when publishing fails and sends it on the next pass', async () => {
    const { open } = await freshDatabase();
    const handle = await open();
    const spy = spyBus(harness.bus, { failures: 1 });
    const relay = new OutboxRelay(handle.db, spy.bus);

    const event = await addNote(handle, 'flaky bus');
    await expect(relay.flush()).rejects.toThrow('bus unavailable');
    expect(await unpublished(handle)).toHaveLength(1);
    expect(spy.published).toEqual([]);

    await expect(relay.flush()).resolves.toBe(1);
    expect(spy.published).toEqual([event.id]);
    expect(await unpublished(handle)).toEqual([]);
    expect(spy.calls()).toBe(2);
  });

  it('retries a failed publish on its own through the poll', async () => {
    const { open } = await freshDatabase();
    const handle = await open();
    const spy = spyBus(harness.bus, { failures: 1 });
    const seen = await collect();
    startRelay(handle, spy.bus);

    const event = await addNote(handle, 'retried');
    await eventually(() => expect(seen).toEqual([event.id]));
    // The event can arrive before the relay's transaction marking it has committed.
    await eventually(async () => expect(await unpublished(handle)).toEqual([]));
    expect(spy.calls()).toBe(2);
  });

  it.runIf(backend.name === 'real')(
    'lets two relays share one outbox, publishing each event once',
    async () => {
      const database = await freshDatabase();
      const handles = [await database.open(), await database.open()];
      const seen = await collect();
      // Slow publishes keep both relays busy at once, each with its own connections.
      const spies = [harness.bus, await harness.reconnect()].map((bus) =>
        spyBus(bus, { delayMs: 5 }),
      );

      const ids: string[] = [];
      for (let n = 0; n < 60; n++) ids.push((await addNote(handles[0]!, `note ${n}`)).id);
      const relays = handles.map((handle, i) => {
        const relay = new OutboxRelay(handle.db, spies[i]!.bus, {
          batchSize: 5,
          pollIntervalMs: 50,
        });
        cleanups.push(() => relay.stop());
        relay.start();
        return relay;
      });

      await eventually(() => expect(new Set(seen)).toEqual(new Set(ids)), { timeoutMs: 15_000 });
      // Stopping waits for the passes under way: every publish either relay made is counted.
      await Promise.all(relays.map((relay) => relay.stop()));
      const published = spies.flatMap((spy) => spy.published);
      expect(published.sort()).toEqual([...ids].sort()); // one successful publish per event
      expect(spies.map((spy) => spy.published.length > 0)).toEqual([true, true]); // both worked
      expect(await unpublished(handles[1]!)).toEqual([]);
    },
  );
});
