import { readFileSync } from 'node:fs';
import { BILLING_STREAM, EventEnvelope, readEvent, SubscriptionActivated } from '@uapqa/contracts';
import { openDatabase } from '@uapqa/service-kit/db';
import { testBackends } from '@uapqa/service-kit/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { BILLING_MIGRATIONS } from '../src/service.js';

const ANNOUNCE = readFileSync(
  `${BILLING_MIGRATIONS}/0003_announce_active_subscriptions.sql`,
  'utf8',
);

describe.each(testBackends())(
  'the migration announcing active subscriptions ($name)',
  (backend) => {
    it('commits one valid SubscriptionActivated per active account to the outbox, none for others', async () => {
      const { url, drop } = await backend.database();
      const handle = await openDatabase({
        service: 'billing',
        schema,
        migrationsFolder: BILLING_MIGRATIONS,
        url,
      });
      try {
        // A fresh installation has nobody to announce.
        expect(await handle.db.select().from(schema.outbox)).toEqual([]);
        await handle.db.insert(schema.accounts).values([
          { userId: 1, status: 'active', currentPeriodEnd: new Date('2026-12-01T10:00:00Z') },
          { userId: 2, status: 'lapsed', lapsedAt: new Date('2026-10-01T00:00:00Z') },
          { userId: 3, status: 'none' },
          { userId: 4, status: 'incomplete' },
          { userId: 5, status: 'active' },
        ]);
        // As on an installation that had these accounts when the migration ran.
        const before = Date.now();
        await handle.db.execute(sql.raw(ANNOUNCE));

        const rows = await handle.db.select().from(schema.outbox);
        const events = rows.map((row) => {
          const envelope = EventEnvelope.parse(row.envelope);
          expect(row).toMatchObject({
            id: envelope.id,
            stream: BILLING_STREAM,
            type: SubscriptionActivated.type,
            publishedAt: null,
          });
          expect(Date.parse(envelope.occurredAt)).toBeGreaterThanOrEqual(before - 1_000);
          return readEvent(SubscriptionActivated, envelope).data;
        });
        expect(events.sort((a, b) => a.userId - b.userId)).toEqual([
          { userId: 1, currentPeriodEnd: '2026-12-01T10:00:00.000Z', returning: false },
          { userId: 5, currentPeriodEnd: null, returning: false },
        ]);
      } finally {
        await handle.close();
        await drop();
      }
    });
  },
);
