import { ACCOUNT_STATUSES_BY_FILTER, type UserListInput } from '@fhp/domain';
import { and, count, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { bankAccounts, customerProfiles, files, kycDocuments, oneTimeCodes, roles, users } from '../../db/schema';

/** One row of the admins' users list (spec part 2 section 3, "Admin user row"). */
export interface AdminUserRow {
  id: string;
  vuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  accountStatus: string;
  suspended: boolean;
  emailVerified: boolean;
  group: string;
  img: string | null;
  createdAt: Date;
}

/** `%`, `_` and `\` typed by an admin are searched for as themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listWhere(input: UserListInput): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (input.search !== '') conditions.push(like(users.searchText, containsPattern(input.search.toLowerCase())));
  if (input.status === 'suspended') conditions.push(eq(users.suspended, true));
  else if (input.status !== 'any') {
    const statuses = ACCOUNT_STATUSES_BY_FILTER[input.status];
    conditions.push(eq(users.suspended, false), inArray(sql`${users.status}::text`, [...statuses]));
  }
  return and(...conditions);
}

/** One page, newest account first, and the count of every match. */
export async function listUsers(db: Db, input: UserListInput): Promise<{ rows: AdminUserRow[]; totalCount: number }> {
  const where = listWhere(input);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        vuid: users.vuid,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        accountStatus: users.status,
        suspended: users.suspended,
        emailVerified: users.emailVerified,
        group: roles.name,
        img: users.image,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/**
 * Overwrites everything that names the person and marks the account deleted, in the caller's
 * transaction. Policies, payments, payouts and the ledger keep pointing at the row (decision 050).
 */
export async function anonymiseUser(db: Db, user: { id: string; vuid: string; email: string }, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: `deleted-${user.vuid.toLowerCase()}@deleted.invalid`,
      firstName: null,
      lastName: null,
      phone: null,
      image: null,
      passwordHash: null,
      signInType: 'otp',
      suspended: true,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await db
    .update(customerProfiles)
    .set({ gender: null, occupation: null, addressLine1: null, city: null, updatedAt: now })
    .where(eq(customerProfiles.userId, user.id));
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.email, user.email));
  // The payout account names the person and holds their number: the row stays (its timeline
  // entries point at the account's owner) with nothing left that identifies anyone.
  await db
    .update(bankAccounts)
    .set({ accHolderName: ERASED, accountNoCipher: '', accountNoLast4: '', updatedAt: now })
    .where(eq(bankAccounts.ownerId, user.id));
  // Reviewers' comments may quote the document.
  await db.update(kycDocuments).set({ comment: null }).where(eq(kycDocuments.userId, user.id));
  // The documents the person gave us (proofs, photo, cheque leaf) lose their bytes; the rows stay
  // for the records that point at them. Contracts we issued stay with the policies they belong to.
  await db
    .update(files)
    .set({ bytes: Buffer.alloc(0), size: 0, sha256: EMPTY_SHA256, originalName: ERASED })
    .where(and(eq(files.ownerId, user.id), inArray(files.purpose, [...PERSONAL_FILE_PURPOSES])));
}

/** What replaces a deleted person's text: not a name, and plainly not one. */
const ERASED = 'erased';
const EMPTY_SHA256 = createHash('sha256').digest('hex');
/** Files a person uploaded about themself; POLICY_DOCUMENT (the contract) is ours and stays. */
export const PERSONAL_FILE_PURPOSES = ['ID_PROOF', 'ADDRESS_PROOF', 'PROFILE_IMAGE', 'CHEQUE_LEAF'] as const;
