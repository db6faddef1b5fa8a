import { createEvent, IDENTITY_STREAM, SettingChanged } from '@uapqa/contracts';
import { enqueue } from '@uapqa/service-kit/db';
import { recordStaffAction } from './audit.js';
import { settings } from './db/schema.js';
import type { IdentityDeps } from './deps.js';

/** An admin changes a setting: stored, announced (SettingChanged) and audited in one transaction. */
export async function changeSetting(
  { db, relay }: Pick<IdentityDeps, 'db' | 'relay'>,
  change: { key: string; value: boolean; adminId: number },
): Promise<string> {
  const { key, adminId } = change;
  const stored = String(change.value);
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key, value: stored, updatedBy: adminId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: stored, updatedBy: adminId, updatedAt: new Date() },
      });
    await enqueue(tx, IDENTITY_STREAM, createEvent(SettingChanged, { key, value: stored }));
    await recordStaffAction(tx, {
      actorId: adminId,
      action: 'setting_changed',
      subjectUserId: null,
      subject: `${key} = ${stored}`,
      reason: null,
    });
  });
  relay.kick();
  return stored;
}
