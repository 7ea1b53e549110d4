import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/* The payment desk's calls (docs/architecture.md, Lifecycle contract). */

const PolicyPaymentViewFields = graphql(`
  fragment PolicyPaymentViewFields on PolicyPaymentView @_unmask {
    policyId policyNumber type status paymentState holderName yours countryName optionLabel
    paymentPlan paymentChannel bankTransferReference purchaseDate paymentDeadline
    coverage { cents } payable { cents } paid { cents } outstanding { cents } refundDue { cents }
    minDue { amount { cents } dueDate overdue }
    schedule { number dueDate amount { cents } paid { cents } state }
    payments { id receiptNumber amount { cents } channel reference paidOn recordedAt recordedBy outstandingAfter { cents } receiptUrl }
    cancellationPending acceptsPayments contractUrl
  }
`);

const PaymentDeskQuery = graphql(
  `
    query PaymentDesk($search: String!) {
      paymentDesk(search: $search) { ...PolicyPaymentViewFields }
    }
  `,
  [PolicyPaymentViewFields],
);
export type PolicyPaymentView = ResultOf<typeof PaymentDeskQuery>['paymentDesk'][number];

const RecordPaymentMutation = graphql(
  `
    mutation RecordPayment($input: RecordPaymentInput!) {
      recordPayment(input: $input) {
        paymentId receiptNumber receiptUrl contractIssued
        policy { ...PolicyPaymentViewFields }
      }
    }
  `,
  [PolicyPaymentViewFields],
);
export type RecordPaymentInput = VariablesOf<typeof RecordPaymentMutation>['input'];
export type RecordPaymentResult = ResultOf<typeof RecordPaymentMutation>['recordPayment'];

const deskKey = (search: string) => ['payment-desk', search] as const;

export function usePaymentDesk(search: string | null) {
  return useQuery({
    queryKey: deskKey(search ?? ''),
    enabled: search !== null && search.trim() !== '',
    retry: false,
    queryFn: async () => (await request(PaymentDeskQuery, { search: search! })).paymentDesk,
  });
}

/** Records a payment; the policy on screen is replaced by the server's answer. */
export function useRecordPayment(search: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RecordPaymentInput) => (await request(RecordPaymentMutation, { input })).recordPayment,
    onSuccess: (result) => {
      client.setQueryData<PolicyPaymentView[]>(deskKey(search ?? ''), (views) =>
        views?.map((view) => (view.policyId === result.policy.policyId ? result.policy : view)),
      );
    },
  });
}
