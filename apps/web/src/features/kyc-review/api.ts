import type { KycReviewDecision } from '@fhp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The administrators' KYC review (issue 11 item 5; decision 051). */

const QueueQuery = graphql(`
  query KycReviewQueue { kycReviewQueue { id type name status fileType doc submittedAt holderName holderEmail yours } }
`);
export type KycReviewItem = ResultOf<typeof QueueQuery>['kycReviewQueue'][number];

const ReviewMutation = graphql(`
  mutation ReviewKycDocument($documentId: String!, $decision: String!, $comment: String) {
    reviewKycDocument(documentId: $documentId, decision: $decision, comment: $comment) { id status comment }
  }
`);

const KEY = ['kyc-review'] as const;

export function useKycReviewQueue() {
  return useQuery({ queryKey: KEY, retry: false, queryFn: async () => (await request(QueueQuery, {})).kycReviewQueue });
}

export function useReviewKycDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { documentId: string; decision: KycReviewDecision; comment?: string }) =>
      (await request(ReviewMutation, { documentId: input.documentId, decision: input.decision, comment: input.comment ?? null })).reviewKycDocument,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
