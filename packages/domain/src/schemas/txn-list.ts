import { z } from 'zod';
import { TXN_LIST_MESSAGES } from './messages';

/**
 * The transaction log's entry types (product-decisions: every transition, payment, payout, KYC
 * submission and bank-detail change is logged; the spec's timelines filter by these).
 */
export const TXN_TYPES = {
  KYC_SUBMISSION: 'KYC_SUBMISSION',
  POLICY_PURCHASE_FLOW: 'POLICY_PURCHASE_FLOW',
  BANK_DETAIL: 'BANK_DETAIL',
  /** An administrator's edit of the public pages' content (issue 11 item 7). */
  CONTENT_EDIT: 'CONTENT_EDIT',
  /** An administrator's edit of a season or an offer, with the values before and after (issue 19 item 7). */
  CATALOGUE_EDIT: 'CATALOGUE_EDIT',
} as const;
export type TxnType = (typeof TXN_TYPES)[keyof typeof TXN_TYPES];
const TYPE_NAMES: readonly string[] = Object.values(TXN_TYPES);

export const isTxnType = (value: string): value is TxnType => TYPE_NAMES.includes(value);

/** Spec part 2 section 9: "Transaction queries limit 100" (the default and the most). */
export const TXN_LIST_LIMIT = 100;
const MAX_FILTER_VALUES = 20;

const accountId = z.object({
  equals: z.string({ error: TXN_LIST_MESSAGES.accountIdRequired }).trim().min(1, TXN_LIST_MESSAGES.accountIdRequired).max(64, TXN_LIST_MESSAGES.accountIdRequired),
});

const txnType = z
  .string()
  .trim()
  .refine(isTxnType, { error: (issue) => TXN_LIST_MESSAGES.unknownType(String(issue.input), TYPE_NAMES) })
  .transform((value) => value as TxnType);

/** GraphQL hands omitted optional fields over as null or undefined; both mean "not given". */
const optional = <S extends z.ZodType>(schema: S) => schema.nullish().transform((value) => value ?? undefined);

/**
 * getTxnList's input. The spec's three calls (part 2 section 7) read, in this shape:
 * - KYC timeline: `{ where: { txnOwner: { equals: vuid }, type: { in: [KYC_SUBMISSION] } }, limit: 100 }`
 * - policy timeline: `{ where: { txnOwner: { equals: vuid }, type: { in: [POLICY_PURCHASE_FLOW, KYC_SUBMISSION] },
 *   txnSetId: { in: [policyNumber, null] } }, limit: 100 }` (null: entries of no policy, such as KYC)
 * - bank timeline: `{ where: { performedBy: { equals: vuid }, type: { in: [BANK_DETAIL] } } }`
 * Filters combine with "and"; newest first.
 */
export const txnListInputSchema = z.object({
  where: optional(
    z.object({
      txnOwner: optional(accountId),
      performedBy: optional(accountId),
      type: optional(
        z.object({
          in: z.array(txnType).min(1, TXN_LIST_MESSAGES.typesRequired).max(MAX_FILTER_VALUES, TXN_LIST_MESSAGES.tooManyValues),
        }),
      ),
      txnSetId: optional(
        z.object({
          in: z
            .array(z.string().trim().min(1, TXN_LIST_MESSAGES.setIdsRequired).max(64).nullable())
            .min(1, TXN_LIST_MESSAGES.setIdsRequired)
            .max(MAX_FILTER_VALUES, TXN_LIST_MESSAGES.tooManyValues),
        }),
      ),
    }),
  ),
  limit: z
    .number({ error: TXN_LIST_MESSAGES.limitRange })
    .int(TXN_LIST_MESSAGES.limitRange)
    .min(1, TXN_LIST_MESSAGES.limitRange)
    .max(TXN_LIST_LIMIT, TXN_LIST_MESSAGES.limitRange)
    .nullish()
    .transform((value) => value ?? TXN_LIST_LIMIT),
  skip: z
    .number({ error: TXN_LIST_MESSAGES.skipNegative })
    .int(TXN_LIST_MESSAGES.skipNegative)
    .min(0, TXN_LIST_MESSAGES.skipNegative)
    .nullish()
    .transform((value) => value ?? 0),
});
export type TxnListInput = z.input<typeof txnListInputSchema>;
export type TxnListQuery = z.output<typeof txnListInputSchema>;

