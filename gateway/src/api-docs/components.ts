import { isDeepStrictEqual } from 'node:util';
import { type ApiDocument, SCHEMA_REF_PREFIX } from '@uapqa/service-kit';

type Schemas = Record<string, unknown>;

/** A value with each `$ref` to a renamed component pointed at its new name. */
function withRefs(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withRefs(item, renamed));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key !== '$ref' || typeof item !== 'string' || !item.startsWith(SCHEMA_REF_PREFIX)) {
        return [key, withRefs(item, renamed)];
      }
      const name = renamed.get(item.slice(SCHEMA_REF_PREFIX.length));
      return [key, name ? SCHEMA_REF_PREFIX + name : item];
    }),
  );
}

/**
 * Adds a service's components to `merged` and answers its paths as they must read in the
 * merged document. Components are named after the contracts' schemas, so one name is one
 * schema while every service is built from the same contracts; during a rolling deploy it may
 * not be. A name already merged with a different schema is then never overwritten: the
 * service's own is kept as `<name>.<service>`, and so is every component of the service that
 * refers to it, with the service's references following.
 */
export function mergeComponents(
  merged: Schemas,
  document: ApiDocument,
  service: string,
): ApiDocument['paths'] {
  const own: Schemas = document.components?.schemas ?? {};
  const renamed = new Map<string, string>();
  // A renamed component changes the components that refer to it: repeat until none changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, schema] of Object.entries(own)) {
      if (renamed.has(name) || !(name in merged)) continue;
      if (!isDeepStrictEqual(merged[name], withRefs(schema, renamed))) {
        renamed.set(name, `${name}.${service}`);
        changed = true;
      }
    }
  }
  for (const [name, schema] of Object.entries(own)) {
    merged[renamed.get(name) ?? name] = withRefs(schema, renamed);
  }
  return renamed.size === 0
    ? document.paths
    : (withRefs(document.paths, renamed) as ApiDocument['paths']);
}

/** The components `paths` refer to, directly or through other components: the rest are dropped. */
export function usedComponents(paths: ApiDocument['paths'], schemas: Schemas): Schemas {
  const used: Schemas = {};
  const pending: unknown[] = [paths];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF_PREFIX)) {
          const name = item.slice(SCHEMA_REF_PREFIX.length);
          if (!(name in used) && name in schemas) {
            used[name] = schemas[name];
            pending.push(schemas[name]);
          }
        } else pending.push(item);
      }
    }
  }
  return Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => name in used)
      .map((name) => [name, used[name]]),
  );
}
