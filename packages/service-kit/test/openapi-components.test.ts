import { MyQuestionsQuery, Question, QuestionStatus } from '@uapqa/contracts';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../src/http/define-route.js';
import { type ApiDocument, appDocument } from '../src/openapi/document.js';
import { PUBLIC, renderedErrorResponse, response, roles } from '../src/openapi/route-doc.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Every `$ref` in a value, with how often each occurs. */
function refsIn(value: unknown, found = new Map<string, number>()): Map<string, number> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.set(item, (found.get(item) ?? 0) + 1);
      else refsIn(item, found);
    }
  }
  return found;
}

async function twoRoutes(): Promise<ApiDocument> {
  const app = new Hono();
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/mine',
      operationId: 'listMine',
      summary: 'Mine',
      tag: 'test',
      access: roles('admin'),
      query: MyQuestionsQuery.extend({ status: QuestionStatus.optional() }),
      ok: { 200: response(z.array(Question)) },
    },
    (c) => c.json([]),
  );
  defineRoute(
    app,
    {
      method: 'get',
      path: '/api/status',
      operationId: 'getStatus',
      summary: 'A status',
      tag: 'test',
      access: PUBLIC,
      query: MyQuestionsQuery,
      ok: { 200: response(z.object({ status: QuestionStatus, question: Question.nullable() })) },
    },
    (c) => c.json({}),
  );
  return appDocument(app, 'test');
}

describe('the document names the contracts once, as components', () => {
  it('has one error body component, which every error answer refers to', async () => {
    const document = await twoRoutes();
    const schemas = document.components!.schemas!;
    expect(schemas.ApiError).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, field: { type: 'string' } },
      required: ['message'],
    });
    const errorAnswers = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        Object.entries(operation.responses)
          .filter(([status]) => Number(status) >= 400)
          .map(([, response]) => response as { content: Record<string, { schema: unknown }> }),
      ),
    );
    expect(errorAnswers.length).toBeGreaterThan(4);
    for (const response of errorAnswers) {
      expect(response.content['application/json']!.schema).toEqual(ref('ApiError'));
    }
    // The error body is written out once: in its component, nowhere else.
    const copies = JSON.stringify(document.paths).split('"required":["message"]').length - 1;
    expect(copies).toBe(0);
    expect(renderedErrorResponse(502)).toMatchObject({
      content: { 'application/json': { schema: ref('ApiError') } },
    });
  });

  it('refers to a contract schema wherever it appears: answers, nested, parameters', async () => {
    const document = await twoRoutes();
    const schemas = document.components!.schemas!;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['ApiError', 'Question', 'QuestionStatus']),
    );
    const refs = refsIn(document.paths);
    expect(refs.get('#/components/schemas/Question')).toBe(2);
    // Inside Question, and in the query parameter `status` and the second answer.
    expect(refsIn(schemas.Question).get('#/components/schemas/QuestionStatus')).toBe(1);
    const mine = document.paths['/api/mine']!.get!;
    const status = (mine.parameters as Array<{ name: string; schema: unknown }>).find(
      (parameter) => parameter.name === 'status',
    );
    expect(status!.schema).toEqual(ref('QuestionStatus'));
    // Split into parameters, a query object itself is no component.
    expect(schemas).not.toHaveProperty('MyQuestionsQuery');
    expect(mine).not.toHaveProperty('x-parameter-components');
    // Every reference resolves.
    for (const name of refsIn(document).keys()) {
      expect(schemas, name).toHaveProperty(name.replace('#/components/schemas/', ''));
    }
  });
});
