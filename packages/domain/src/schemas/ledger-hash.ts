import { z } from 'zod';
import { EXPLORER_MESSAGES } from './messages';

/** A ledger entry's hash as the explorer takes it: 64 hex digits, any case, spaces around ignored. */
export const ledgerHashSchema = z
  .string({ error: EXPLORER_MESSAGES.hashMalformed })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, EXPLORER_MESSAGES.hashMalformed);

/** A payout's id as the explorer takes it to prove the payout (decision 174): a uuid, any case, spaces around ignored. */
export const payoutProofIdSchema = z
  .string({ error: EXPLORER_MESSAGES.payoutMalformed })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, EXPLORER_MESSAGES.payoutMalformed);
