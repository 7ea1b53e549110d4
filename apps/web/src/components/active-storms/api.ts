import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The active storms near the holder's own policies (issue 22 item 4, decision 173). */

const ActiveStormsQuery = graphql(`
  query MyActiveStorms($policyNumber: String) {
    getMyActiveStorms(policyNumber: $policyNumber) {
      policyNumber countryName stormId stormName classWords position distanceKm distance
      latest { time status windKt lat lon }
      payout { state percent sourcesAgreeing sourcesRequired sentence }
    }
  }
`);
export type ActiveStormRow = ResultOf<typeof ActiveStormsQuery>['getMyActiveStorms'][number];

/** The feeds are polled every five minutes by default: the panel asks again as often. */
export const ACTIVE_STORMS_REFRESH_MS = 5 * 60_000;

export function useMyActiveStorms(policyNumber: string) {
  return useQuery({
    queryKey: ['active-storms', policyNumber],
    retry: false,
    refetchInterval: ACTIVE_STORMS_REFRESH_MS,
    queryFn: async () => (await request(ActiveStormsQuery, { policyNumber })).getMyActiveStorms,
  });
}
