import { z } from 'zod';

/** A numeric id in the path. */
export const IdParam = z.object({
  // Ids are PostgreSQL integers: a larger one would fail in the database (500), not match.
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int()
    .positive()
    .max(2_147_483_647, 'id is too large'),
});
