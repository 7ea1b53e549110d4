import { z } from 'zod';
import { lengthLimit, requiredText } from '../schemas/fields';
import { CANCELLATION_MESSAGES } from './messages';

/** Longest reason (and admin comment) kept, in characters after trimming. */
export const CANCELLATION_TEXT_MAX_LENGTH = 1000;

const reasonField = requiredText(CANCELLATION_MESSAGES.reasonRequired, lengthLimit('Reason', CANCELLATION_TEXT_MAX_LENGTH));

/** The cancellation form (part 2 section 2): one field, `comments`, the reason; required. */
export const cancellationFormSchema = z.object({ comments: reasonField });
export type CancellationFormValues = z.output<typeof cancellationFormSchema>;

/** `cancelPolicy(policyId, reason)`: the form's `comments` sent as `reason` (spec part 2 section 7). */
export const cancelPolicyInputSchema = z.object({
  policyId: z.uuid({ error: CANCELLATION_MESSAGES.unknownPolicy }),
  reason: reasonField,
});

/** An admin's decision: approving needs nothing more; rejecting needs a comment for the holder. */
export const cancellationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('APPROVE'), comment: z.string().trim().max(CANCELLATION_TEXT_MAX_LENGTH, CANCELLATION_MESSAGES.commentTooLong).optional() }),
    z.object({
      decision: z.literal('REJECT'),
      comment: requiredText(CANCELLATION_MESSAGES.commentRequired, { max: CANCELLATION_TEXT_MAX_LENGTH, message: CANCELLATION_MESSAGES.commentTooLong }),
    }),
  ],
  { error: CANCELLATION_MESSAGES.decisionRequired },
);
export type CancellationDecision = z.output<typeof cancellationDecisionSchema>;

/**
 * What became of a holder's request: waiting, decided by an admin, or CLOSED with the provisional
 * policy it was about (paid in full, or canceled at the payment deadline), product-decisions
 * "Policy lifecycle". A closed request leaves the admin's queue in the transaction that closed it.
 */
export const CANCELLATION_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CLOSED'] as const;
export type CancellationRequestStatus = (typeof CANCELLATION_REQUEST_STATUSES)[number];

/** The note a closed request keeps, by the event that ended the provisional policy. */
export const CANCELLATION_CLOSED_NOTES = {
  PAYMENT_RECORDED: 'Closed: the premium was paid in full and the contract issued', // ours
  PAYMENT_DEADLINE_PASSED: 'Closed: the policy was canceled at the payment deadline', // ours
} as const;
