import * as contracts from '@uapqa/contracts';
import { z } from 'zod';

/** Where a document keeps its named schemas; `$ref`s point here. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

type Meta = { id?: string } & Record<string, unknown>;

/**
 * The contracts' schemas by the name each is exported under, or the name it was published under
 * (contracts' `publishedAs`). A schema exported twice keeps its first name: zod refuses two ids
 * for one conversion, and one component is what is wanted.
 */
const names = new Map<z.ZodType, string>();
for (const [name, value] of Object.entries(contracts)) {
  if (value instanceof z.ZodType && !names.has(value)) {
    names.set(value, (z.globalRegistry.get(value) as Meta | undefined)?.id ?? name);
  }
}

/**
 * Zod's metadata, with an `id` added to each named contract schema. Handed to zod's JSON Schema
 * conversion, it makes every such schema a `$defs` entry (lifted into the document's components
 * by hono-openapi) referenced where it appears, instead of a copy inlined at each use. Wraps
 * the global registry rather than replacing it, so `.describe()`/`.meta()` still reach the
 * document.
 */
class ContractComponents extends z.core.$ZodRegistry<Meta> {
  override get(schema: z.core.$ZodType): Meta | undefined {
    const meta = z.globalRegistry.get(schema) as Meta | undefined;
    const id = names.get(schema as z.ZodType);
    return id ? { ...meta, id } : meta;
  }
}

export const CONTRACT_COMPONENTS: z.core.$ZodRegistry<Meta> = new ContractComponents();

/** The component a contract schema is referenced as, if it is one. */
export function componentName(schema: z.ZodType): string | undefined {
  return names.get(schema);
}
