import { z } from 'zod';

/**
 * An administrator's review of one KYC document (issue 11 item 5, issue 9 item 3). A rejection
 * carries a comment the holder reads on My Account (the profile's description); an acceptance may.
 */

export const KYC_REVIEW_DECISIONS = ['ACCEPT', 'REJECT'] as const;
export type KycReviewDecision = (typeof KYC_REVIEW_DECISIONS)[number];

export const KYC_REVIEW_COMMENT_MAX_LENGTH = 500;

export const KYC_REVIEW_MESSAGES = {
  commentRequired: 'Please tell the holder why the document is rejected',
  commentTooLong: `The comment must be at most ${KYC_REVIEW_COMMENT_MAX_LENGTH} characters`,
  decisionInvalid: 'Choose ACCEPT or REJECT',
  notWaiting: 'This document has already been reviewed.',
  superseded: 'The holder has replaced this document with a newer one; review that one instead.',
  notFound: 'This document was not found.',
  accepted: 'Document accepted',
  rejected: 'Document rejected; the holder sees your comment on My Account',
} as const;

export const kycReviewInputSchema = z
  .object({
    documentId: z.uuid({ error: KYC_REVIEW_MESSAGES.notFound }),
    decision: z.enum(KYC_REVIEW_DECISIONS, { error: KYC_REVIEW_MESSAGES.decisionInvalid }),
    comment: z
      .string()
      .trim()
      .max(KYC_REVIEW_COMMENT_MAX_LENGTH, KYC_REVIEW_MESSAGES.commentTooLong)
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value)),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'REJECT' && input.comment === null) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: KYC_REVIEW_MESSAGES.commentRequired });
    }
  });
export type KycReviewInput = z.output<typeof kycReviewInputSchema>;

/** The web's reject form: the comment alone, by the same rule. */
export const kycRejectFormSchema = z.object({
  comment: z.string().trim().min(1, KYC_REVIEW_MESSAGES.commentRequired).max(KYC_REVIEW_COMMENT_MAX_LENGTH, KYC_REVIEW_MESSAGES.commentTooLong),
});
