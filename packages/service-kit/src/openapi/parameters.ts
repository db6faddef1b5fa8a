import { z } from 'zod';
import { CONTRACT_COMPONENTS, SCHEMA_REF_PREFIX } from './components.js';

type JsonSchema = Record<string, unknown>;

export interface RenderedParameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/**
 * Where an operation hands appDocument the components its parameters refer to: hono-openapi
 * collects components only from bodies and answers, and parameters are rendered here.
 */
export const PARAMETER_COMPONENTS = 'x-parameter-components';

const DEFS = '#/$defs/';

/** zod's `#/$defs/Name` references, pointed at the document's components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string' && item.startsWith(DEFS)
        ? [key, SCHEMA_REF_PREFIX + item.slice(DEFS.length)]
        : [key, toComponentRefs(item)],
    ),
  );
}

/**
 * Query and path parameters from a zod object, rendered by zod's own JSON Schema conversion (as
 * the input the route reads: strings coerced, defaults optional), with the components their
 * schemas refer to (a contract's enum is one component, whether a body or a query names it).
 */
export function parameters(
  where: 'query' | 'path',
  schema: z.ZodObject,
): { parameters: RenderedParameter[]; components: Record<string, JsonSchema> } {
  const {
    $schema: _dialect,
    $defs = {},
    ...root
  } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    metadata: CONTRACT_COMPONENTS,
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  // A named query object is split into parameters, never referenced: its body is the root.
  const rootName = typeof root.$ref === 'string' ? root.$ref.slice(DEFS.length) : '';
  const { [rootName]: named, ...components } = $defs;
  const object = toComponentRefs(named ?? root) as {
    properties?: Record<string, { description?: string } & JsonSchema>;
    required?: string[];
  };
  return {
    parameters: Object.entries(object.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = property;
      return {
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      };
    }),
    components: toComponentRefs(components) as Record<string, JsonSchema>,
  };
}
