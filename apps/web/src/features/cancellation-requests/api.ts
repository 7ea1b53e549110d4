import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The admin's review of cancellation requests (docs/architecture.md, Lifecycle contract). */

const RequestsQuery = graphql(`
  query CancellationRequests {
    cancellationRequests { policyId policyNumber holderName yours status reason requestedAt paid { cents } payable { cents } receipts }
  }
`);
export type CancellationRequestItem = ResultOf<typeof RequestsQuery>['cancellationRequests'][number];

const ApproveMutation = graphql(`
  mutation ApproveCancellation($policyId: String!) { approveCancellation(policyId: $policyId) { policyNumber policyId status } }
`);
const RejectMutation = graphql(`
  mutation RejectCancellation($policyId: String!, $comment: String!) { rejectCancellation(policyId: $policyId, comment: $comment) { policyNumber policyId status } }
`);

const KEY = ['cancellation-requests'] as const;

export function useCancellationRequests() {
  return useQuery({ queryKey: KEY, retry: false, queryFn: async () => (await request(RequestsQuery, {})).cancellationRequests });
}

export function useDecideCancellation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (decision: { policyId: string; approve: true } | { policyId: string; approve: false; comment: string }) =>
      decision.approve
        ? (await request(ApproveMutation, { policyId: decision.policyId })).approveCancellation
        : (await request(RejectMutation, { policyId: decision.policyId, comment: decision.comment })).rejectCancellation,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
