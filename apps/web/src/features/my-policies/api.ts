import type { MyPolicyList } from '@fhp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallerVuid } from '../../lib/auth/identity';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The holder's policies (issue 9): the three lists, one policy's detail, its timeline, and the two actions. */

const ListQuery = graphql(`
  query MyPolicies($input: MyPoliciesInput!) {
    getMyPolicies(input: $input) {
      data { policyId policyNumber type status productDefination optionTitle countryName coverage { formatted } createdAt purchasedAt }
      currentPage pageSize totalCount totalPages
    }
  }
`);
export type MyPolicyCard = ResultOf<typeof ListQuery>['getMyPolicies']['data'][number];
export type MyPolicyPage = ResultOf<typeof ListQuery>['getMyPolicies'];

const DetailQuery = graphql(`
  query MyPolicyDetail($policyNumber: String!, $list: String) {
    getMyPolicyDetail(policyNumber: $policyNumber, list: $list) {
      policy { policyId policyNumber type status productDefination optionTitle countryName seasonYear coverage { formatted cents } premium { formatted } discountedPremium { formatted } createdAt purchasedAt }
      benificiaryDetail { firstName lastName email mobileNo addressLine1 city country }
      useOfProceeds { value selected }
      payments {
        paymentState paymentPlan payable { formatted } paid { formatted } outstanding { formatted cents } refundDue { formatted cents }
        minDue { amount { formatted cents } dueDate overdue }
        schedule { number dueDate amount { formatted } state }
        payments { id receiptNumber amount { formatted } channel paidOn receiptUrl }
        contractUrl
      }
      blockchainTxnURL canCancel cancellationPending
    }
  }
`);
export type MyPolicyDetail = ResultOf<typeof DetailQuery>['getMyPolicyDetail'];

const PayoutsQuery = graphql(`
  query MyPayouts($input: MyPayoutsInput) {
    getMyPayouts(input: $input) {
      data { id percent amount { formatted } status paidOn acknowledged stormRef stormName createdOn }
      currentPage totalPages
    }
  }
`);
export type MyPayoutRow = ResultOf<typeof PayoutsQuery>['getMyPayouts']['data'][number];

const TimelineQuery = graphql(`
  query PolicyTimeline($input: GetTxnListInput) {
    getTxnList(input: $input) { data { id action type when where performedBy { firstName lastName } } }
  }
`);
export type TimelineEntry = ResultOf<typeof TimelineQuery>['getTxnList']['data'][number];

const CancelMutation = graphql(`
  mutation CancelMyPolicy($policyId: String!, $reason: String!) { cancelPolicy(policyId: $policyId, reason: $reason) { policyNumber policyId } }
`);
const AcknowledgeMutation = graphql(`
  mutation AcknowledgeMyPayout($payoutIds: [String!]!) { acknowledgePayout(payoutIds: $payoutIds) { message } }
`);

const KEY = ['my-policies'] as const;

/** The holder's lists and each policy they open are kept on the device, to read offline (decision 116). */
const OFFLINE = { keepOffline: true } as const;

/**
 * One page of a list. A failure is an error, shown as one with Retry: the spec's "a failed list is
 * an empty list" (part 2 section 8) would tell holders they have no cover when the server is only
 * busy, which is exactly when they look (a storm's peak load; issue 19, item 15).
 */
export function useMyPolicies(list: MyPolicyList, skip: number, policyNumber: string) {
  return useQuery({
    queryKey: [...KEY, 'list', list, skip, policyNumber],
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<MyPolicyPage> =>
      (await request(ListQuery, { input: { list, skip, limit: 10, ...(policyNumber ? { policyNumber } : {}) } }, OFFLINE)).getMyPolicies,
  });
}

export function useMyPolicyDetail(list: MyPolicyList, policyNumber: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', list, policyNumber],
    retry: false,
    queryFn: async () => (await request(DetailQuery, { policyNumber, list }, OFFLINE)).getMyPolicyDetail,
  });
}

/** The server's largest page: a policy has a handful of payouts, so one page is almost always all. */
const PAYOUT_PAGE = 50;

/**
 * The policy's payouts as spec part 2 section 7 reads them (getMyPayouts where policyId equals),
 * every page of them: the acknowledgement and the buttons need them all.
 */
export function useMyPayouts(policyNumber: string) {
  return useQuery({
    queryKey: [...KEY, 'payouts', policyNumber],
    retry: false,
    queryFn: async () => {
      const rows: MyPayoutRow[] = [];
      for (let page = 0; ; page++) {
        const answer = (await request(PayoutsQuery, { input: { where: { policyId: { equals: policyNumber } }, skip: page * PAYOUT_PAGE, limit: PAYOUT_PAGE } }, OFFLINE)).getMyPayouts;
        rows.push(...answer.data);
        if (page + 1 >= answer.totalPages) return rows;
      }
    },
  });
}

/**
 * The policy's timeline (spec part 2 section 7): the caller's own entries of this policy and their
 * KYC submissions. Filtered by the caller's account id, so an administrator (who may read every
 * holder's log) sees the same as a holder on their own policy. The page shows it apart: a failed
 * timeline never hides the policy.
 */
export function usePolicyTimeline(policyNumber: string) {
  const vuid = useCallerVuid();
  return useQuery({
    queryKey: [...KEY, 'timeline', policyNumber, vuid],
    enabled: Boolean(vuid),
    retry: false,
    queryFn: async () =>
      (
        await request(TimelineQuery, {
          input: {
            limit: 100,
            where: { txnOwner: { equals: vuid! }, type: { in: ['POLICY_PURCHASE_FLOW', 'KYC_SUBMISSION'] }, txnSetId: { in: [policyNumber, null] } },
          },
        }, OFFLINE)
      ).getTxnList.data,
  });
}

export function useCancelPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: { policyId: string; reason: string }) => (await request(CancelMutation, values)).cancelPolicy,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAcknowledgePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payoutIds: string[]) => (await request(AcknowledgeMutation, { payoutIds })).acknowledgePayout,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
