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
