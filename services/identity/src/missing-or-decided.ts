import { conflict, type HttpError, notFound } from '@uapqa/service-kit';
import type { Executor } from '@uapqa/service-kit/db';
import { eq } from 'drizzle-orm';
import type { expertApplications, expertProfiles } from './db/schema.js';

/**
 * Why a decision on a pending application (an expert profile, an expert application) changed no
 * row: someone decided it first (409), or there is no such application (404, saying `missing`).
 */
export async function missingOrDecided(
  db: Executor,
  applications: typeof expertProfiles | typeof expertApplications,
  id: number,
  missing: string,
): Promise<HttpError> {
  const [existing] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, id));
  return existing
    ? conflict(`This application was already ${existing.status}.`)
    : notFound(missing);
}
