import { createEvent, defineEvent, type EventEnvelope } from '@uapqa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EventBus } from '../src/bus/types.js';
import { idempotent, idempotentStatement } from '../src/inbox.js';
import { eventually, type TestBus, testBackends } from '../src/testing/index.js';
import { openFixtureDatabase } from './fixtures/db.js';
import { inbox, notes } from './fixtures/schema.js';

const NoteRequested = defineEvent('test', 'NoteRequested', 1, z.object({ body: z.string() }));
type Handle = Awaited<ReturnType<typeof openFixtureDatabase>>;

describe.each(testBackends())('idempotent inbox ($name)', (backend) => {
  let harness: TestBus;
  let bus: EventBus;
  let handle: Handle;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    harness = await backend.bus('inbox');
    bus = harness.bus;
    const database = await backend.database();
    drop = database.drop;
    handle = await openFixtureDatabase({ url: database.url });
  });
  afterEach(async () => {
    await harness.cleanup();
    await handle.close();
    await drop();
  });

  /** The effect under test: one note per handled event, written in the inbox's transaction. */
  const writeNote = (onAttempt: () => void = () => {}) =>
    idempotent(handle.db, 'notes', async (tx, event: EventEnvelope) => {
      await tx.insert(notes).values({ body: (event.data as { body: string }).body });
      onAttempt();
    });

  const noteBodies = async () =>
    (await handle.db.select({ body: notes.body }).from(notes)).map((n) => n.body);
  const inboxIds = async () =>
    (await handle.db.select({ id: inbox.eventId }).from(inbox)).map((r) => r.id);

  it('applies the effect once when the same event is handled twice', async () => {
    let commits = 0;
    const handler = idempotent(
      handle.db,
      'notes',
      async (tx, event) => {
        await tx.insert(notes).values({ body: (event.data as { body: string }).body });
      },
      { afterCommit: () => commits++ },
    );
    const event = createEvent(NoteRequested, { body: 'once' });

    await handler(event);
    await handler(event);

    expect(await noteBodies()).toEqual(['once']);
    expect(await inboxIds()).toEqual([event.id]);
    expect(commits).toBe(1);
  });

  it('keeps one inbox per consumer: another consumer still applies the event', async () => {
    const event = createEvent(NoteRequested, { body: 'shared' });
    await writeNote()(event);
    await idempotent(handle.db, 'audit', async (tx) => {
      await tx.insert(notes).values({ body: 'audited' });
    })(event);

    expect((await noteBodies()).sort()).toEqual(['audited', 'shared']);
  });

  it('applies the effect once when the bus delivers the event twice', async () => {
    const handler = writeNote();
    let deliveries = 0;
    let handled = 0;
    await bus.consume({
      stream: 'test',
      durable: 'notes',
      types: [NoteRequested.type],
      backoffMs: [10],
      handler: async (event) => {
        deliveries++;
        await handler(event);
        handled++;
        // The process dies after the commit, before the ack: the bus delivers the event again.
        if (deliveries === 1) throw new Error('crashed before ack');
      },
    });
    const event = createEvent(NoteRequested, { body: 'delivered twice' });
    await bus.publish('test', event);

    await eventually(() => expect(handled).toBe(2));
    expect(deliveries).toBe(2);
    expect(await noteBodies()).toEqual(['delivered twice']);
    expect(await inboxIds()).toEqual([event.id]);
  });

  it('leaves neither effect nor inbox row when the handler throws, so a redelivery applies it', async () => {
    let attempts = 0;
    const handler = writeNote(() => {
      attempts++;
      if (attempts === 1) throw new Error('downstream failure');
    });
    const event = createEvent(NoteRequested, { body: 'second time lucky' });

    await expect(handler(event)).rejects.toThrow('downstream failure');
    expect(await noteBodies()).toEqual([]);
    expect(await inboxIds()).toEqual([]);

    await handler(event);
    expect(await noteBodies()).toEqual(['second time lucky']);
    expect(await inboxIds()).toEqual([event.id]);
  });

  it('applies a failed event on its redelivery through the bus', async () => {
    let attempts = 0;
    const handler = writeNote(() => {
      attempts++;
      if (attempts === 1) throw new Error('downstream failure');
    });
    await bus.consume({
      stream: 'test',
      durable: 'notes',
      types: [NoteRequested.type],
      backoffMs: [10],
      handler,
    });
    const event = createEvent(NoteRequested, { body: 'redelivered' });
    await bus.publish('test', event);

    await eventually(async () => expect(await noteBodies()).toEqual(['redelivered']));
    expect(attempts).toBe(2);
    expect(await inboxIds()).toEqual([event.id]);
  });

  describe('in one statement', () => {
    /** Sets every note's body in one update guarded by the claim, counting the rows it changed. */
    const setNotes = (body: (event: EventEnvelope) => string | SQL) => {
      let changed = 0;
      const handler = idempotentStatement(handle.db, 'notes', async (claim, event) => {
        const rows = await handle.db
          .with(claim.cte)
          .update(notes)
          .set({ body: body(event) })
          .where(claim.claimed)
          .returning({ id: notes.id });
        changed += rows.length;
      });
      return Object.assign(handler, { changed: () => changed });
    };
    const renameNotes = () => setNotes((event) => (event.data as { body: string }).body);

    it('applies the effect once when the same event is handled twice', async () => {
      await handle.db.insert(notes).values({ body: 'draft' });
      const rename = renameNotes();
      const first = createEvent(NoteRequested, { body: 'first' });
      await rename(first);
      // Undone by hand: a second run of the same event must not redo it.
      await handle.db.update(notes).set({ body: 'edited since' });
      await rename(first);

      expect(await noteBodies()).toEqual(['edited since']);
      expect(await inboxIds()).toEqual([first.id]);
    });

    it('claims the event even when the effect matches no row', async () => {
      const event = createEvent(NoteRequested, { body: 'nothing to rename' });
      await renameNotes()(event);
      await handle.db.insert(notes).values({ body: 'later' });
      await renameNotes()(event);

      expect(await noteBodies()).toEqual(['later']);
      expect(await inboxIds()).toEqual([event.id]);
    });

    it('leaves neither effect nor claim when the statement fails, so a redelivery applies it', async () => {
      await handle.db.insert(notes).values({ body: 'draft' });
      const event = createEvent(NoteRequested, { body: 'applied' });
      // A null body breaks the column's NOT NULL: the whole statement fails, claim included.
      const failing = setNotes(() => sql`null`);

      await expect(failing(event)).rejects.toThrow();
      expect(await inboxIds()).toEqual([]);
      expect(await noteBodies()).toEqual(['draft']);

      await renameNotes()(event);
      expect(await noteBodies()).toEqual(['applied']);
      expect(await inboxIds()).toEqual([event.id]);
    });

    it('applies an event once when two replicas handle it at the same time', async () => {
      await handle.db.insert(notes).values({ body: '' });
      const event = createEvent(NoteRequested, { body: 'x' });
      const appendOnce = setNotes(() => sql`${notes.body} || 'x'`);
      await Promise.all(Array.from({ length: 8 }, () => appendOnce(event)));

      expect(appendOnce.changed()).toBe(1);
      expect(await noteBodies()).toEqual(['x']);
      expect(await inboxIds()).toEqual([event.id]);
    });
  });
});
