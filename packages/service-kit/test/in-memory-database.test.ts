import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { openFixtureDatabase, schema } from './fixtures/db.js';

describe('in-memory databases (started from one empty cluster)', () => {
  const opened: DatabaseHandle<typeof schema>[] = [];
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
  });

  it('each is migrated and holds only what was written to it', async () => {
    const [first, second] = await Promise.all([openFixtureDatabase(), openFixtureDatabase()]);
    opened.push(first!, second!);
    await first!.db.insert(schema.notes).values({ body: 'only in the first' });
    expect(await first!.db.select().from(schema.notes)).toMatchObject([
      { id: 1, body: 'only in the first' },
    ]);
    expect(await second!.db.select().from(schema.notes)).toEqual([]);

    // A third, opened after the others wrote, starts empty too: the copy is of the empty cluster.
    const third = await openFixtureDatabase();
    opened.push(third);
    expect(await third.db.select().from(schema.notes)).toEqual([]);
    await third.db.insert(schema.notes).values({ body: 'its own first row' });
    expect((await third.db.select().from(schema.notes))[0]?.id).toBe(1);
  });
});
