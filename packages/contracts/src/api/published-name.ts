import { z } from 'zod';

/**
 * Keeps the name a schema has in the published API document (its component) when the schema's
 * TypeScript name differs: the document names a contract schema by the name it is exported
 * under, unless it was published under another one (the expert schemas were published as
 * `Creator…`, and the document must not change).
 */
export function publishedAs(schema: z.ZodType, name: string): void {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id: name });
}
