import { createEvent, QUESTIONS_STREAM, TaxonomyBody, TaxonomyChanged } from '@uapqa/contracts';
import {
  badRequest,
  conflict,
  type Executor,
  enqueue,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  postgresError,
  readJson,
  readParams,
  requireRole,
  uniqueViolation,
} from '@uapqa/service-kit';
import { asc, count, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { categories, questions, questionTags, tags } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { renewAfterTaxonomyChange, type TaxonomyList, taxonomyColumns } from '../public-lists.js';

const IdParam = z.object({
  // Ids are PostgreSQL integers: a larger one would fail in the database (500), not match.
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int()
    .positive()
    .max(2_147_483_647, 'id is too large'),
});

/**
 * Categories and topics (tags). A category that questions use cannot be deleted (409): the
 * archive would lose their classification. Deleting a topic removes it from its questions.
 * The lists are served from memory; each write announces itself (TaxonomyChanged) in its
 * transaction, so every replica renews its lists once the write has committed.
 */
export function taxonomyRoutes(deps: QuestionsDeps): Hono {
  const { db, relay, lists } = deps;
  const app = new Hono();
  const serveList = (list: TaxonomyList) => async (c: Context) =>
    c.body(await lists.taxonomy.get(list), 200, { 'Content-Type': 'application/json' });

  /** Once a write committed: this replica serves it at once, the others follow its event. */
  const committed = (kind: 'category' | 'tag', change: 'created' | 'deleted') => {
    renewAfterTaxonomyChange(deps, { kind, change });
    relay.kick();
  };
  const announce = (
    tx: Executor,
    kind: 'category' | 'tag',
    change: 'created' | 'deleted',
    row: { id: number; name: string },
  ) =>
    enqueue(
      tx,
      QUESTIONS_STREAM,
      createEvent(TaxonomyChanged, { kind, change, id: row.id, name: row.name }),
    );

  app.get('/api/categories', serveList('categories'));
  app.get('/api/tags', serveList('tags'));

  // The admin lists: each item with the number of questions that carry it, so that deleting one
  // in use can be confirmed (a topic) or explained (a category) before it is tried. Read fresh,
  // never from the public lists' memory.
  app.get('/api/admin/categories', requireRole('admin'), async (c) => {
    const rows = await db
      .select({ ...taxonomyColumns.categories, questionCount: count(questions.id) })
      .from(categories)
      .leftJoin(questions, eq(questions.categoryId, categories.id))
      .groupBy(categories.id)
      .orderBy(asc(categories.name));
    return c.json(rows);
  });

  app.get('/api/admin/tags', requireRole('admin'), async (c) => {
    const rows = await db
      .select({ ...taxonomyColumns.tags, questionCount: count(questionTags.questionId) })
      .from(tags)
      .leftJoin(questionTags, eq(questionTags.tagId, tags.id))
      .groupBy(tags.id)
      .orderBy(asc(tags.name));
    return c.json(rows);
  });

  app.post('/api/admin/categories', requireRole('admin'), async (c) => {
    const body = await readJson(c, TaxonomyBody);
    try {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(categories)
          .values(body)
          .returning(taxonomyColumns.categories);
        await announce(tx, 'category', 'created', row!);
        return row;
      });
      committed('category', 'created');
      return c.json(created, 201);
    } catch (error) {
      if (uniqueViolation(error))
        throw badRequest(`A category named '${body.name}' already exists.`, 'name');
      throw error;
    }
  });

  app.delete('/api/admin/categories/:id', requireRole('admin'), async (c) => {
    const { id } = readParams(c, IdParam);
    const [used] = await db
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.categoryId, id));
    if ((used?.n ?? 0) > 0) {
      throw conflict(`This category is used by ${used!.n} question(s) and cannot be deleted.`);
    }
    const deleted = await db
      .transaction(async (tx) => {
        const [row] = await tx
          .delete(categories)
          .where(eq(categories.id, id))
          .returning(taxonomyColumns.categories);
        if (row) await announce(tx, 'category', 'deleted', row);
        return row;
      })
      .catch((error) => {
        // A question took the category between the check and the delete.
        if (postgresError(error)?.code === PG_FOREIGN_KEY_VIOLATION)
          throw conflict('This category is used by questions and cannot be deleted.');
        throw error;
      });
    if (!deleted) throw notFound('No category with that id.');
    committed('category', 'deleted');
    return c.json(deleted);
  });

  app.post('/api/admin/tags', requireRole('admin'), async (c) => {
    const body = await readJson(c, TaxonomyBody);
    try {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(tags).values(body).returning(taxonomyColumns.tags);
        await announce(tx, 'tag', 'created', row!);
        return row;
      });
      committed('tag', 'created');
      return c.json(created, 201);
    } catch (error) {
      if (uniqueViolation(error))
        throw badRequest(`A topic named '${body.name}' already exists.`, 'name');
      throw error;
    }
  });

  app.delete('/api/admin/tags/:id', requireRole('admin'), async (c) => {
    const { id } = readParams(c, IdParam);
    const deleted = await db.transaction(async (tx) => {
      const [row] = await tx.delete(tags).where(eq(tags.id, id)).returning(taxonomyColumns.tags);
      if (row) await announce(tx, 'tag', 'deleted', row);
      return row;
    });
    if (!deleted) throw notFound('No topic with that id.');
    committed('tag', 'deleted');
    return c.json(deleted);
  });

  return app;
}
