import { fileURLToPath } from 'node:url';
import { ArchiveQuery } from '@uapqa/contracts';
import { openDatabase } from '@uapqa/service-kit/db';
import { testBackends } from '@uapqa/service-kit/testing';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generateArchive } from '../bench/archive-generator.js';
import { COUNT_LIMIT, searchArchive } from '../src/archive.js';
import * as schema from '../src/db/schema.js';

/** An archive query as a visitor makes it (search over previews only). */
const visitorQuery = (query: Record<string, string>) => ({
  ...ArchiveQuery.parse(query),
  searchWhole: false,
});
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

describe.each(testBackends())('archive totals past the exact-count limit ($name)', (backend) => {
  it('counts exactly up to the limit and estimates beyond it, saying which', async () => {
    const { url, drop } = await backend.database();
    const handle = await openDatabase({ service: 'questions', schema, migrationsFolder, url });
    try {
      const size = COUNT_LIMIT + 500;
      await generateArchive(handle.db, { questions: size });

      const everything = await searchArchive(handle.db, visitorQuery({}));
      expect(everything.exact).toBe(false);
      expect(everything.total).toBeGreaterThan(COUNT_LIMIT);
      expect(Math.abs(everything.total - size) / size).toBeLessThan(0.2);
      expect(everything.rows).toHaveLength(15);

      // A topic filter past the limit: its estimate is planned with the topics as one array.
      const allTags = await handle.db.select({ id: schema.tags.id }).from(schema.tags);
      const anyTopic = await searchArchive(
        handle.db,
        visitorQuery({ tagIds: allTags.map((tag) => tag.id).join(',') }),
      );
      expect(anyTopic.exact).toBe(false);
      expect(anyTopic.total).toBeGreaterThan(COUNT_LIMIT);
      expect(anyTopic.rows).toHaveLength(15);

      const oneExpert = await searchArchive(handle.db, visitorQuery({ creatorId: '900001' }));
      expect(oneExpert.exact).toBe(true);
      const [counted] = await handle.db
        .select({ n: count() })
        .from(schema.questions)
        .where(
          and(
            eq(schema.questions.status, 'answered'),
            eq(schema.questions.assignedExpertId, 900001),
          ),
        );
      expect(oneExpert.total).toBe(counted?.n);
    } finally {
      await handle.close();
      await drop();
    }
  }, 120_000);
});
