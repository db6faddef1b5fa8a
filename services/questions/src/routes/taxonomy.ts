import {
  createEvent,
  IdParam,
  QUESTIONS_STREAM,
  TaxonomyBody,
  TaxonomyChanged,
  TaxonomyItem,
  TaxonomyUsageItem,
} from '@uapqa/contracts';
import {
  badRequest,
  conflict,
  currentSession,
  defineRoute,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  PUBLIC,
  postgresError,
  response,
  roles,
  uniqueViolation,
} from '@uapqa/service-kit';
import { type Executor, enqueue } from '@uapqa/service-kit/db';
import { asc, count, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { categories, questions, questionTags, tags } from '../db/schema.js';
import type { QuestionsDeps } from '../deps.js';
import { renewAfterTaxonomyChange, type TaxonomyList, taxonomyColumns } from '../public-lists.js';

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

  /**
   * Runs a write of one category or topic and announces the row it returns (TaxonomyChanged) in
   * its transaction. Once committed this replica serves the change at once; the others follow
   * its event. Undefined when the write touched no row (nothing is announced then).
   */
  async function writeTaxonomy<Row extends { id: number; name: string }>(
    kind: 'category' | 'tag',
    change: 'created' | 'deleted',
    changedBy: number,
    write: (tx: Executor) => Promise<Row[]>,
  ): Promise<Row | undefined> {
    const written = await db.transaction(async (tx) => {
      const [row] = await write(tx);
      if (row) {
        const event = createEvent(TaxonomyChanged, {
          kind,
          change,
          id: row.id,
          name: row.name,
          changedBy,
        });
        await enqueue(tx, QUESTIONS_STREAM, event);
      }
      return row;
    });
    if (written) {
      renewAfterTaxonomyChange(deps, { kind, change });
      relay.kick();
    }
    return written;
  }

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/categories',
      operationId: 'listCategories',
      summary: 'Categories',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: response(z.array(TaxonomyItem)) },
    },
    serveList('categories'),
  );
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/tags',
      operationId: 'listTags',
      summary: 'Tags',
      tag: 'questions',
      access: PUBLIC,
      ok: { 200: response(z.array(TaxonomyItem)) },
    },
    serveList('tags'),
  );

  // The admin lists: each item with the number of questions that carry it, so that deleting one
  // in use can be confirmed (a topic) or explained (a category) before it is tried. Read fresh,
  // never from the public lists' memory.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/categories',
      operationId: 'listCategoriesWithUsage',
      summary: 'Categories with how many questions use each',
      tag: 'questions',
      access: roles('admin'),
      ok: { 200: response(z.array(TaxonomyUsageItem)) },
    },
    async (c) => {
      const rows = await db
        .select({ ...taxonomyColumns.categories, questionCount: count(questions.id) })
        .from(categories)
        .leftJoin(questions, eq(questions.categoryId, categories.id))
        .groupBy(categories.id)
        .orderBy(asc(categories.name));
      return c.json(rows);
    },
  );

  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/admin/tags',
      operationId: 'listTagsWithUsage',
      summary: 'Tags with how many questions carry each',
      tag: 'questions',
      access: roles('admin'),
      ok: { 200: response(z.array(TaxonomyUsageItem)) },
    },
    async (c) => {
      const rows = await db
        .select({ ...taxonomyColumns.tags, questionCount: count(questionTags.questionId) })
        .from(tags)
        .leftJoin(questionTags, eq(questionTags.tagId, tags.id))
        .groupBy(tags.id)
        .orderBy(asc(tags.name));
      return c.json(rows);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/categories',
      operationId: 'createCategory',
      summary: 'Create a category',
      tag: 'questions',
      access: roles('admin'),
      body: TaxonomyBody,
      ok: { 201: response(TaxonomyItem) },
      errors: [409],
    },
    async (c, { body }) => {
      const created = await writeTaxonomy('category', 'created', currentSession(c).userId, (tx) =>
        tx.insert(categories).values(body).returning(taxonomyColumns.categories),
      ).catch(refuseDuplicateName(`A category named '${body.name}' already exists.`));
      return c.json(created, 201);
    },
  );

  defineRoute(
    app,
    {
      method: 'delete',
      path: '/api/admin/categories/:id',
      operationId: 'deleteCategory',
      summary: 'Delete an unused category',
      tag: 'questions',
      access: roles('admin'),
      params: IdParam,
      ok: { 200: response(TaxonomyItem) },
      errors: [404, 409],
    },
    async (c, { params: { id } }) => {
      const [used] = await db
        .select({ n: count() })
        .from(questions)
        .where(eq(questions.categoryId, id));
      if ((used?.n ?? 0) > 0) {
        throw conflict(`This category is used by ${used!.n} question(s) and cannot be deleted.`);
      }
      const deleted = await writeTaxonomy('category', 'deleted', currentSession(c).userId, (tx) =>
        tx.delete(categories).where(eq(categories.id, id)).returning(taxonomyColumns.categories),
      ).catch((error) => {
        // A question took the category between the check and the delete.
        if (postgresError(error)?.code === PG_FOREIGN_KEY_VIOLATION)
          throw conflict('This category is used by questions and cannot be deleted.');
        throw error;
      });
      if (!deleted) throw notFound('No category with that id.');
      return c.json(deleted);
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/api/admin/tags',
      operationId: 'createTag',
      summary: 'Create a tag',
      tag: 'questions',
      access: roles('admin'),
      body: TaxonomyBody,
      ok: { 201: response(TaxonomyItem) },
      errors: [409],
    },
    async (c, { body }) => {
      const created = await writeTaxonomy('tag', 'created', currentSession(c).userId, (tx) =>
        tx.insert(tags).values(body).returning(taxonomyColumns.tags),
      ).catch(refuseDuplicateName(`A topic named '${body.name}' already exists.`));
      return c.json(created, 201);
    },
  );

  defineRoute(
    app,
    {
      method: 'delete',
      path: '/api/admin/tags/:id',
      operationId: 'deleteTag',
      summary: 'Delete a tag (its questions lose it)',
      tag: 'questions',
      access: roles('admin'),
      params: IdParam,
      ok: { 200: response(TaxonomyItem) },
      errors: [404],
    },
    async (c, { params: { id } }) => {
      const deleted = await writeTaxonomy('tag', 'deleted', currentSession(c).userId, (tx) =>
        tx.delete(tags).where(eq(tags.id, id)).returning(taxonomyColumns.tags),
      );
      if (!deleted) throw notFound('No topic with that id.');
      return c.json(deleted);
    },
  );

  return app;
}

/** Names are unique regardless of case: a second one is the admin's mistake (400), not a crash. */
function refuseDuplicateName(message: string) {
  return (error: unknown): never => {
    if (uniqueViolation(error)) throw badRequest(message, 'name');
    throw error;
  };
}
