import { and, eq, inArray, isNull } from 'drizzle-orm';
import { KYC_DOCUMENT_TYPES } from '@fhp/domain';
import type { Db } from '../../db/client';
import { customerProfiles, files, kycDocuments, users } from '../../db/schema';

export type CustomerProfileRow = typeof customerProfiles.$inferSelect;
export type KycDocumentRow = typeof kycDocuments.$inferSelect;

export async function findCustomerProfile(db: Db, userId: string): Promise<CustomerProfileRow | undefined> {
  const [row] = await db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId)).limit(1);
  return row;
}

/** Oldest first; within one submission the ID proof first (the spec's field order). */
export async function findKycDocuments(db: Db, userId: string): Promise<KycDocumentRow[]> {
  const rows = await db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));
  const order = (row: KycDocumentRow) => KYC_DOCUMENT_TYPES.indexOf(row.type);
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || order(a) - order(b));
}

/** Serialises submissions of one customer (a double click): the second waits for the first. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The files' ownership and state, locked so two submissions cannot attach one file twice. */
export function findFilesForUpdate(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: files.id, ownerId: files.ownerId, purpose: files.purpose, mimeType: files.mimeType, attachedAt: files.attachedAt })
    .from(files)
    .where(inArray(files.id, ids))
    .for('update');
}

export async function upsertCustomerProfile(db: Db, values: typeof customerProfiles.$inferInsert): Promise<void> {
  const { userId: _userId, ...update } = values;
  await db.insert(customerProfiles).values(values).onConflictDoUpdate({ target: customerProfiles.userId, set: update });
}

export async function insertKycDocuments(db: Db, rows: (typeof kycDocuments.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(kycDocuments).values(rows);
}

export async function attachFiles(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(files).set({ attachedAt: now }).where(and(inArray(files.id, ids), isNull(files.attachedAt)));
}

/** Whether the customer has submitted KYC (the purchase needs it). */
export async function isKycSubmitted(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ submitted: customerProfiles.kycSubmitted })
    .from(customerProfiles)
    .where(eq(customerProfiles.userId, userId))
    .limit(1);
  return row?.submitted === true;
}
