import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, oneTimeCodes } from '../../db/schema';

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
 * Spends every open phone code of the account: a code texted to the old number must not verify
 * a new one.
 */
export async function voidPhoneCodes(db: Db, email: string, now: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, 'PHONE_VERIFY'), isNull(oneTimeCodes.consumedAt)));
}
