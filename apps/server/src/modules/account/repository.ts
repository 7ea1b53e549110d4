import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema';

/** The photo's file, locked: the caller's own PROFILE_IMAGE upload, unused or already this profile's. */
export async function findImageFileForUpdate(db: Db, id: string) {
  const [row] = await db
    .select({ id: files.id, ownerId: files.ownerId, purpose: files.purpose, attachedAt: files.attachedAt })
    .from(files)
    .where(eq(files.id, id))
    .for('update');
  return row;
}

export async function attachFile(db: Db, id: string, now: Date): Promise<void> {
  await db.update(files).set({ attachedAt: now }).where(and(eq(files.id, id), isNull(files.attachedAt)));
}

/**
 * Marks the phone verified while `phone` is still the number on file; false when it is not (a
 * change committed first). The row lock is taken here, after the code's: a KYC or profile change
 * takes only the user's, so the two never wait on each other in a circle.
 */
export async function markPhoneVerified(db: Db, userId: string, phone: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ phoneVerified: true, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.phone, phone)))
    .returning({ id: users.id });
  return rows.length === 1;
}
