import { z } from 'zod';
import { requiredText } from './fields';

/**
 * My Payout Details (spec part 2 sections 2, 3 and 5; issue 9 item 7). All fields are required;
 * "Confirm Account number is required" is the spec's, the other sentences are ours. The
 * confirmation must equal the account number and is never sent: the form schema checks it, the
 * input schema (what the server takes) has no such field.
 */
export const BANK_ACCOUNT_TYPES = ['SAVINGS', 'CHEQUING'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = { SAVINGS: 'Savings', CHEQUING: 'Chequing' };

export const BANK_MESSAGES = {
  accHolderNameRequired: "Account holder's name is required", // ours
  bankNameRequired: 'Bank name is required', // ours
  accountNoRequired: 'Account number is required', // ours
  accountNoInvalid: 'Account number must be 4 to 34 letters or digits', // ours
  cnfAccountNumberRequired: 'Confirm Account number is required', // spec
  cnfAccountNumberMismatch: 'Account numbers do not match', // ours
  typeRequired: 'Account type is required', // ours
  swiftCodeRequired: 'SWIFT or BIC code is required', // ours
  swiftCodeInvalid: 'SWIFT or BIC code must be 8 or 11 characters: bank (4 letters), country (2 letters), location (2), optional branch (3)', // ours
  chequeLeafRequired: 'One cheque leaf is required', // ours
  tooLong: 'Must be at most 100 characters', // ours
  saved: 'Bank details updated successfully', // spec
} as const;

/** ISO 9362: bank code (4 letters), country (2 letters), location (2 letters or digits), optional branch (3). */
export const SWIFT_BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Spaces and hyphens people type inside account numbers are not part of them. */
export const normaliseAccountNo = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

const text = (required: string) => requiredText(required, { max: 100, message: BANK_MESSAGES.tooLong });
const accountNo = z
  .string({ error: BANK_MESSAGES.accountNoRequired })
  .transform(normaliseAccountNo)
  .pipe(z.string().min(1, BANK_MESSAGES.accountNoRequired).regex(/^[A-Z0-9]{4,34}$/, BANK_MESSAGES.accountNoInvalid));

const fields = {
  accHolderName: text(BANK_MESSAGES.accHolderNameRequired),
  bankName: text(BANK_MESSAGES.bankNameRequired),
  accountNo,
  type: z.enum(BANK_ACCOUNT_TYPES, { error: BANK_MESSAGES.typeRequired }),
  swiftCode: z
    .string({ error: BANK_MESSAGES.swiftCodeRequired })
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().min(1, BANK_MESSAGES.swiftCodeRequired).regex(SWIFT_BIC_PATTERN, BANK_MESSAGES.swiftCodeInvalid)),
};

/** saveBankAccountDetail's input: the cheque leaf is an uploaded file's id (purpose CHEQUE_LEAF). */
export const bankAccountInputSchema = z.object({
  ...fields,
  chequeLeafFileId: z.uuid({ error: BANK_MESSAGES.chequeLeafRequired }),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

/** The edit form: the same fields, the confirmation, and one chosen file. */
export const bankAccountFormSchema = z
  .object({
    ...fields,
    cnfAccountNumber: z.string({ error: BANK_MESSAGES.cnfAccountNumberRequired }).transform(normaliseAccountNo).pipe(z.string().min(1, BANK_MESSAGES.cnfAccountNumberRequired)),
  })
  .refine((values) => values.accountNo === values.cnfAccountNumber, { path: ['cnfAccountNumber'], message: BANK_MESSAGES.cnfAccountNumberMismatch });

/** What the holder sees of an account number: its last four characters. */
export function maskedAccountNo(last4: string): string {
  return `•••• ${last4}`;
}
