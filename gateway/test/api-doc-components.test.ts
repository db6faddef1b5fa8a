import type { ApiDocument } from '@uapqa/service-kit';
import { describe, expect, it } from 'vitest';
import { mergeComponents, usedComponents } from '../src/api-docs/components.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function serviceDocument(schemas: Record<string, unknown>, answer: unknown): ApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/api/thing': {
        get: { responses: { 200: { content: { 'application/json': { schema: answer } } } } },
      },
    },
    components: { schemas },
  };
}

const Thing = { type: 'object', properties: { status: ref('Status') } };

describe('merging the components of the services', () => {
  it('keeps one copy of a component every service has alike', () => {
    const merged: Record<string, unknown> = {};
    const schemas = { Thing, Status: { type: 'string', enum: ['a', 'b'] } };
    mergeComponents(merged, serviceDocument(schemas, ref('Thing')), 'identity');
    const paths = mergeComponents(merged, serviceDocument(schemas, ref('Thing')), 'billing');
    expect(merged).toEqual(schemas);
    expect(JSON.stringify(paths)).toContain('"#/components/schemas/Thing"');
  });

  it('never overwrites a component with a different one of the same name', () => {
    const merged: Record<string, unknown> = {};
    const old = { Thing, Status: { type: 'string', enum: ['a', 'b'] } };
    const newer = { Thing, Status: { type: 'string', enum: ['a', 'b', 'c'] } };
    mergeComponents(merged, serviceDocument(old, ref('Thing')), 'identity');
    const paths = mergeComponents(merged, serviceDocument(newer, ref('Thing')), 'billing');
    expect(merged.Status).toEqual(old.Status);
    expect(merged['Status.billing']).toEqual(newer.Status);
    // Thing is alike, but its Status is not: billing's Thing is its own too.
    expect(merged.Thing).toEqual(Thing);
    expect(merged['Thing.billing']).toEqual({
      type: 'object',
      properties: { status: ref('Status.billing') },
    });
    const answer = paths['/api/thing']!.get!.responses[200] as {
      content: Record<string, { schema: unknown }>;
    };
    expect(answer.content['application/json']!.schema).toEqual(ref('Thing.billing'));
  });

  it('drops the components no merged operation refers to', () => {
    const schemas = { Thing, Status: { type: 'string' }, Unused: { type: 'string' } };
    const { paths } = serviceDocument(schemas, ref('Thing'));
    expect(Object.keys(usedComponents(paths, schemas))).toEqual(['Thing', 'Status']);
  });
});
