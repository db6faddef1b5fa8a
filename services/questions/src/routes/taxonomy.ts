import { TaxonomyBody } from '@uapqa/contracts';
import {
  badRequest,
  conflict,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  postgresError,
  preparedOnce,
  readJson,
  readParams,
  requireRole,
  uniqueViolation,
} from '@uapqa/service-kit';
import { asc, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { categories, questions, tags } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';

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
 */
export function taxonomyRoutes({ db, archivePages }: QuestionsDeps): Hono {
  const app = new Hono();
  const columns = { id: categories.id, name: categories.name, description: categories.description };
  const tagColumns = { id: tags.id, name: tags.name, description: tags.description };

  // Every browse page view asks for both lists: each statement is built once.
  const listCategories = () =>
    preparedOnce(db, 'categories_list', () =>
      db.select(columns).from(categories).orderBy(asc(categories.name)).prepare('categories_list'),
    );
  const listTags = () =>
    preparedOnce(db, 'tags_list', () =>
      db.select(tagColumns).from(tags).orderBy(asc(tags.name)).prepare('tags_list'),
    );

  app.get('/api/categories', async (c) => c.json(await listCategories().execute()));
  app.get('/api/tags', async (c) => c.json(await listTags().execute()));

  app.post('/api/admin/categories', requireRole('admin'), async (c) => {
    const body = await readJson(c, TaxonomyBody);
    try {
      const [created] = await db.insert(categories).values(body).returning(columns);
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
      .delete(categories)
      .where(eq(categories.id, id))
      .returning(columns)
      .catch((error) => {
        // A question took the category between the check and the delete.
        if (postgresError(error)?.code === PG_FOREIGN_KEY_VIOLATION)
          throw conflict('This category is used by questions and cannot be deleted.');
        throw error;
      });
    if (deleted.length === 0) throw notFound('No category with that id.');
    return c.json(deleted[0]);
  });

  app.post('/api/admin/tags', requireRole('admin'), async (c) => {
    const body = await readJson(c, TaxonomyBody);
    try {
      const [created] = await db.insert(tags).values(body).returning(tagColumns);
      return c.json(created, 201);
    } catch (error) {
      if (uniqueViolation(error))
        throw badRequest(`A topic named '${body.name}' already exists.`, 'name');
      throw error;
    }
  });

  app.delete('/api/admin/tags/:id', requireRole('admin'), async (c) => {
    const { id } = readParams(c, IdParam);
    const deleted = await db.delete(tags).where(eq(tags.id, id)).returning(tagColumns);
    if (deleted.length === 0) throw notFound('No topic with that id.');
    // Its questions lost the topic.
    archivePages.changed();
    return c.json(deleted[0]);
  });

  return app;
}
