import type { BankAccountType } from '@fhp/domain';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './identity';

/**
 * A holder's payout account (My Payout Details), one per holder. The account number is stored only
 * encrypted (AES-256-GCM, key from BANK_ACCOUNT_KEY) with its last four characters beside it for
 * the masked view, so a copy of the database alone does not reveal it.
 */
export const bankAccounts = pgTable('bank_accounts', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id),
  accHolderName: text('acc_holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  accountNoCipher: text('account_no_cipher').notNull(),
  accountNoLast4: text('account_no_last4').notNull(),
  type: text('type').$type<BankAccountType>().notNull(),
  swiftCode: text('swift_code').notNull(),
  chequeLeafFileId: uuid('cheque_leaf_file_id')
    .notNull()
    .references(() => files.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
