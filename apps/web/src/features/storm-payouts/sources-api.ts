import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql/graphql';

/* Sources that must agree (issue 22 item 3): where the feed sources differ, paying a difference, silent sources. */

const DifferencesQuery = graphql(`
  query StormSourceDifferences {
    stormSourceDifferences {
      stormId name country countryName seasonYear sourcesRequired payable
      paid { option percent }
      sources { source c1 c2 payouts { option percent } evaluatedAt }
      approval { reason approvedBy approvedAt }
    }
  }
`);
export type SourceDifferenceItem = ResultOf<typeof DifferencesQuery>['stormSourceDifferences'][number];

const FeedsQuery = graphql(`
  query StormFeeds { stormFeeds { source url answeredAt changedAt failures lastError silent } }
`);
export type FeedStatusItem = ResultOf<typeof FeedsQuery>['stormFeeds'][number];

const PayMutation = graphql(`
  mutation PayStormSourceDifference($stormId: String!, $country: String!, $seasonYear: Int!, $reason: String!) {
    payStormSourceDifference(stormId: $stormId, country: $country, seasonYear: $seasonYear, reason: $reason) { message payoutCount total { formatted } }
  }
`);

export function useSourceDifferences() {
  return useQuery({ queryKey: ['storm-source-differences'], retry: false, queryFn: async () => (await request(DifferencesQuery, {})).stormSourceDifferences });
}

export function useFeedStatuses() {
  return useQuery({ queryKey: ['storm-feeds'], retry: false, queryFn: async () => (await request(FeedsQuery, {})).stormFeeds });
}

export function usePayDifference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: VariablesOf<typeof PayMutation>) => (await request(PayMutation, input)).payStormSourceDifference,
    onSuccess: () => client.invalidateQueries(),
  });
}
