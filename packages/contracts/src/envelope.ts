import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';

/** Every event on the bus travels in this envelope; `id` (UUIDv7) is the dedupe and inbox key. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: T };

/** An event definition: name, version, the service whose stream carries it, and its payload schema. */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  stream: string;
  schema: S;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  stream: string,
  type: T,
  version: number,
  schema: S,
): EventDefinition<T, S> {
  return { type, version, stream, schema };
}

export function createEvent<T extends string, S extends z.ZodType>(
  definition: EventDefinition<T, S>,
  data: z.input<S>,
  now: Date = new Date(),
): EventEnvelope<z.infer<S>> & { type: T } {
  return {
    id: uuidv7(),
    type: definition.type,
    version: definition.version,
    occurredAt: now.toISOString(),
    data: definition.schema.parse(data),
  };
}

/** Narrows and validates an incoming envelope against a definition; throws on a malformed payload. */
export function readEvent<T extends string, S extends z.ZodType>(
  definition: EventDefinition<T, S>,
  event: EventEnvelope,
): EventEnvelope<z.infer<S>> {
  if (event.type !== definition.type) {
    throw new Error(`expected event ${definition.type}, got ${event.type}`);
  }
  return { ...event, data: definition.schema.parse(event.data) };
}
