import { BANK_MESSAGES, bankAccountInputSchema, maskedAccountNo, type BankAccountType } from '@fhp/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { bankAccounts, files } from '../../db/schema';
import { parseInput, userInputError } from '../../graphql/errors';
import { fileUrl } from '../files';
import { attachFiles, findFilesForUpdate } from '../kyc';
import { appendTransaction, TXN_LOCATIONS, TXN_TYPES } from '../audit';
import type { AccountCipher } from './account-cipher';

/**
 * My Payout Details (issue 9 item 7): one payout account per holder. The number goes in sealed and
 * comes out masked; neither the log nor the timeline ever holds it (only its last four).
 */

export interface BankAccountView {
  ownerId: string;
  accHolderName: string;
  bankName: string;
  accountNoMasked: string;
  type: BankAccountType;
  swiftCode: string;
  chequeLeaf: { id: string; url: string; name: string; mimeType: string };
  updatedAt: Date;
}

export interface BankDeps {
  db: Db;
  clock: Clock;
  cipher: AccountCipher;
}

export async function findBankAccount(db: Db, ownerId: string): Promise<BankAccountView | null> {
  const [row] = await db
    .select({ account: bankAccounts, file: { name: files.originalName, mimeType: files.mimeType } })
    .from(bankAccounts)
    .innerJoin(files, eq(files.id, bankAccounts.chequeLeafFileId))
    .where(eq(bankAccounts.ownerId, ownerId));
  if (!row) return null;
  const { account } = row;
  return {
    ownerId: account.ownerId,
    accHolderName: account.accHolderName,
    bankName: account.bankName,
    // Masked from the stored last four: showing it never needs the key.
    accountNoMasked: maskedAccountNo(account.accountNoLast4),
    type: account.type,
    swiftCode: account.swiftCode,
    chequeLeaf: { id: account.chequeLeafFileId, url: fileUrl(account.chequeLeafFileId), name: row.file.name, mimeType: row.file.mimeType },
    updatedAt: account.updatedAt,
  };
}

/** saveBankAccountDetail: creates or replaces the caller's account, with its log entry, in one transaction. */
export async function saveBankAccount({ db, clock, cipher }: BankDeps, userId: string, input: unknown): Promise<BankAccountView> {
  const values = parseInput(bankAccountInputSchema, input);
  const now = clock();
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(bankAccounts).where(eq(bankAccounts.ownerId, userId)).for('update');
    const keepsFile = existing?.chequeLeafFileId === values.chequeLeafFileId;
    if (!keepsFile) {
      const [file] = await findFilesForUpdate(tx, [values.chequeLeafFileId]);
      // Another customer's file, one already used and a missing one read alike.
      if (!file || file.ownerId !== userId || file.attachedAt !== null || file.purpose !== 'CHEQUE_LEAF') throw userInputError(BANK_MESSAGES.chequeLeafRequired);
      await attachFiles(tx, [file.id], now);
    }
    const row = {
      ownerId: userId,
      accHolderName: values.accHolderName,
      bankName: values.bankName,
      accountNoCipher: cipher.seal(values.accountNo),
      accountNoLast4: values.accountNo.slice(-4),
      type: values.type,
      swiftCode: values.swiftCode,
      chequeLeafFileId: values.chequeLeafFileId,
      updatedAt: now,
    };
    await tx.insert(bankAccounts).values(row).onConflictDoUpdate({ target: bankAccounts.ownerId, set: row });
    await appendTransaction(tx, {
      ownerId: userId,
      performedBy: userId,
      type: TXN_TYPES.BANK_DETAIL,
      action: existing ? 'Bank details updated' : 'Bank details added',
      payload: { bankName: values.bankName, accountNoLast4: row.accountNoLast4, type: values.type, swiftCode: values.swiftCode, chequeLeafChanged: !keepsFile },
      location: TXN_LOCATIONS.portal,
      at: now,
    });
  });
  return (await findBankAccount(db, userId))!;
}
