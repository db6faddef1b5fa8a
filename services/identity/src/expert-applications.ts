import {
  createEvent,
  type ExpertApplication,
  ExpertApplicationDecided,
  type ExpertApplicationDecision,
  type ExpertApplicationDecisionBody,
  ExpertApplicationSubmitted,
  type ExpertApplicationsQuery,
  IDENTITY_STREAM,
} from '@uapqa/contracts';
import { enqueue } from '@uapqa/service-kit/db';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { recordStaffAction } from './audit.js';
import { expertApplications } from './db/schema.js';
import type { IdentityDeps } from './deps.js';
import { newInvitation } from './invitations.js';
import { missingOrDecided } from './missing-or-decided.js';

const LIST_LIMIT = 200;

/** What admins read of an application: everything but the invitation's secret and its state. */
const {
  inviteTokenHash: _hash,
  inviteExpiresAt: _expires,
  inviteUsedAt: _used,
  ...recordColumns
} = getTableColumns(expertApplications);

type Deps = Pick<IdentityDeps, 'db' | 'relay'>;

/**
 * The public expert application (`/apply`): stored with its ExpertApplicationSubmitted event,
 * from which notifications mails the applicant and the admins.
 */
export async function submitExpertApplication({ db, relay }: Deps, body: ExpertApplication) {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(expertApplications).values(body).returning();
    const application = row!;
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(ExpertApplicationSubmitted, {
        applicationId: application.id,
        name: application.name,
        email: application.email,
        phone: application.phone,
        website: application.website,
        duration: application.duration,
        questionsPerWeek: application.questionsPerWeek,
        description: application.description,
        submittedAt: application.createdAt.toISOString(),
      }),
    );
    return application;
  });
  relay.kick();
  return created;
}

/** The applications of one status (or all), newest first, at most LIST_LIMIT. */
export function listExpertApplications(
  db: IdentityDeps['db'],
  { status }: ExpertApplicationsQuery,
) {
  return db
    .select(recordColumns)
    .from(expertApplications)
    .where(status ? eq(expertApplications.status, status) : undefined)
    .orderBy(desc(expertApplications.createdAt), desc(expertApplications.id))
    .limit(LIST_LIMIT);
}

/**
 * An admin's decision on a pending application, with a note the applicant is mailed. Approving
 * records an invitation to register (the link works once, also in waitlist mode): the
 * applicant becomes an expert by creating an account and having an expert profile approved.
 * Of two admins deciding at once, one wins; the other gets a 409 (404 for no application).
 */
export async function decideExpertApplication(
  { db, relay }: Deps,
  decision: ExpertApplicationDecisionBody & {
    id: number;
    decision: ExpertApplicationDecision;
    decidedBy: number;
  },
) {
  const { id, note, decidedBy } = decision;
  const invitation = decision.decision === 'approved' ? newInvitation() : null;
  const decided = await db.transaction(async (tx) => {
    // Only a pending application is decided: of two admins deciding at once, one wins.
    const [row] = await tx
      .update(expertApplications)
      .set({
        status: decision.decision,
        decisionNote: note,
        decidedAt: new Date(),
        decidedBy,
        ...(invitation
          ? { inviteTokenHash: invitation.tokenHash, inviteExpiresAt: invitation.expiresAt }
          : {}),
      })
      .where(and(eq(expertApplications.id, id), eq(expertApplications.status, 'pending')))
      .returning(recordColumns);
    if (!row) return null;
    await enqueue(
      tx,
      IDENTITY_STREAM,
      createEvent(ExpertApplicationDecided, {
        applicationId: row.id,
        name: row.name,
        email: row.email,
        decision: decision.decision,
        note,
        decidedBy,
        decidedAt: row.decidedAt!.toISOString(),
        invitation: invitation
          ? { token: invitation.token, expiresAt: invitation.expiresAt.toISOString() }
          : null,
      }),
    );
    await recordStaffAction(tx, {
      actorId: decidedBy,
      action:
        decision.decision === 'approved'
          ? 'expert_application_approved'
          : 'expert_application_declined',
      subjectUserId: null,
      subject: `expert application ${row.id} (${row.name} <${row.email}>)`,
      reason: note,
    });
    return row;
  });
  if (!decided) {
    throw await missingOrDecided(db, expertApplications, id, 'No expert application with that id.');
  }
  relay.kick();
  return decided;
}
