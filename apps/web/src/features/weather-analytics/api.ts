import type { WindPeriod } from '@fhp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The Tropical Cyclone Tracker (issue 10 item 7): a month of the policy's island, the wind chart, and one storm's audit. */

const TrackerQuery = graphql(`
  query PolicyTracker($policyId: String!, $month: Int!, $year: Int!) {
    getPolicyAnalytics(policyId: $policyId, month: $month, year: $year) {
      policyId policyNumber country countryName optionId optionLabel seasonYear month year
      events { title date kind colour stormId name windKt category closestKm }
      rows { date cycloneDate windspeed category title stormId name blockchainTxnId blockchainTxnHash blockchainPayoutId }
      tracks { id name year points { time status lat lon windKt } }
    }
  }
`);
export type PolicyTracker = ResultOf<typeof TrackerQuery>['getPolicyAnalytics'];
export type TrackerRow = PolicyTracker['rows'][number];
export type TrackerEvent = PolicyTracker['events'][number];

const WindQuery = graphql(`
  query PolicyWind($policyId: String!, $period: String, $fromYear: Int!, $toYear: Int!) {
    getPolicyWind(policyId: $policyId, period: $period, fromYear: $fromYear, toYear: $toYear) { start maxKt minKt }
  }
`);
export type WindBucket = ResultOf<typeof WindQuery>['getPolicyWind'][number];

const DetailQuery = graphql(`
  query PolicyStormDetail($policyId: String!, $stormId: String!) {
    getPolicyStormDetail(policyId: $policyId, stormId: $stormId) {
      policyId policyNumber country countryName optionId optionLabel seasonYear coverStart coverEnd
      storm { id name year points { time status lat lon windKt } }
      c1 c2 closestKm qualifyingTime inCoverTerm
      options { option label percent qualifyingTime isPolicyOption }
      events { date title colour windKt category closestKm }
      nearby { time lat lon status windKt category distanceKm box }
      payouts { id percent contractPercent amount { formatted } status createdAt paidAt acknowledged blockchainTxnHash }
      ledger { kind txnId hash }
    }
  }
`);
export type StormDetail = ResultOf<typeof DetailQuery>['getPolicyStormDetail'];

const KEY = ['weather-analytics'] as const;

/** One month of the tracker; the previous month stays on screen while the next loads. */
export function usePolicyTracker(policyId: string, year: number, month: number) {
  return useQuery({
    queryKey: [...KEY, 'month', policyId, year, month],
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () => (await request(TrackerQuery, { policyId, month, year })).getPolicyAnalytics,
  });
}

export function usePolicyWind(policyId: string, period: WindPeriod, fromYear: number, toYear: number) {
  return useQuery({
    queryKey: [...KEY, 'wind', policyId, period, fromYear, toYear],
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () => (await request(WindQuery, { policyId, period, fromYear, toYear })).getPolicyWind,
  });
}

export function usePolicyStormDetail(policyId: string, stormId: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', policyId, stormId],
    enabled: policyId !== '' && stormId !== '',
    retry: false,
    queryFn: async () => (await request(DetailQuery, { policyId, stormId })).getPolicyStormDetail,
  });
}
