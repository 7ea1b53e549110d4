import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
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

/**
 * Serialises submissions of one customer (a double click): the second waits for the first. Answers
 * the locked user's phone (undefined: no such user), so a caller needs no second read.
 */
export async function lockUser(db: Db, userId: string): Promise<{ phone: string | null } | undefined> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/**
 * The files' ownership and state, locked so two submissions cannot attach one file twice; in id
 * order, so two submissions naming the same files in other orders queue instead of deadlocking.
 */
export function findFilesForUpdate(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: files.id, ownerId: files.ownerId, purpose: files.purpose, mimeType: files.mimeType, attachedAt: files.attachedAt })
    .from(files)
    .where(inArray(files.id, ids))
    .orderBy(asc(files.id))
    .for('update');
}

/** The profile columns that both a KYC submission and a profile edit take from the form's values. */
export function profileFieldsOf(values: { gender: string; occupation: string; address: { addressLine1: string; city: string; country: string } }) {
  return {
    gender: values.gender,
    occupation: values.occupation,
    addressLine1: values.address.addressLine1,
    city: values.address.city,
    country: values.address.country,
  };
}

export async function upsertCustomerProfile(db: Db, values: typeof customerProfiles.$inferInsert): Promise<void> {
  await customerProfileUpsert(db, values);
}

/** `upsertCustomerProfile`'s statement, not yet run (for `writeAtOnce`). */
export function customerProfileUpsert(db: Db, values: typeof customerProfiles.$inferInsert) {
  const { userId: _userId, ...update } = values;
  return db.insert(customerProfiles).values(values).onConflictDoUpdate({ target: customerProfiles.userId, set: update });
}

export async function insertKycDocuments(db: Db, rows: (typeof kycDocuments.$inferInsert)[]): Promise<void> {
  await kycDocumentsInsert(db, rows);
}

/** `insertKycDocuments`'s statement, not yet run; undefined for no rows. */
export function kycDocumentsInsert(db: Db, rows: (typeof kycDocuments.$inferInsert)[]) {
  return rows.length === 0 ? undefined : db.insert(kycDocuments).values(rows);
}

export async function attachFiles(db: Db, ids: string[], now: Date): Promise<void> {
  await filesAttach(db, ids, now);
}

/** `attachFiles`'s statement, not yet run; undefined for no files. */
export function filesAttach(db: Db, ids: string[], now: Date) {
  return ids.length === 0 ? undefined : db.update(files).set({ attachedAt: now }).where(and(inArray(files.id, ids), isNull(files.attachedAt)));
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
