import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAccessToken } from '../../lib/auth/session';
import { request } from '../../lib/graphql/client';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from '../../lib/graphql/errors';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

/* The admin's storms and payouts (issue 10 item 5): upload a HURDAT2 file, payouts by storm, the wire. */

const StormsQuery = graphql(`
  query Storms {
    storms { id name year pointCount version lastPointAt payoutCount paidCount payoutTotal { formatted } evaluations { country countryName seasonYear c1 c2 } }
  }
`);
export type StormItem = ResultOf<typeof StormsQuery>['storms'][number];

const PayoutsQuery = graphql(`
  query StormPayouts($stormId: String!) {
    stormPayouts(stormId: $stormId) { id policyNumber holderName yours country optionId percent contractPercent amount { formatted } status paidAt wireReference acknowledged }
  }
`);
export type StormPayoutItem = ResultOf<typeof PayoutsQuery>['stormPayouts'][number];

const TrackQuery = graphql(`
  query StormTrack($stormId: String!) {
    stormTrack(stormId: $stormId) { id name year points { time status lat lon windKt } }
  }
`);
export type StormTrackItem = ResultOf<typeof TrackQuery>['stormTrack'];

const WireMutation = graphql(`
  mutation RecordPayoutWire($payoutId: String!, $wireReference: String!) { recordPayoutWire(payoutId: $payoutId, wireReference: $wireReference) { id status } }
`);

export const STORMS_PATH = '/api/v1/storms';

export function useStorms() {
  return useQuery({ queryKey: ['storms'], retry: false, queryFn: async () => (await request(StormsQuery, {})).storms });
}

export function useStormPayouts(stormId: string | null) {
  return useQuery({
    queryKey: ['storm-payouts', stormId],
    enabled: stormId !== null,
    retry: false,
    queryFn: async () => (await request(PayoutsQuery, { stormId: stormId! })).stormPayouts,
  });
}

export function useStormTrack(stormId: string) {
  return useQuery({ queryKey: ['storm-track', stormId], retry: false, staleTime: Infinity, queryFn: async () => (await request(TrackQuery, { stormId })).stormTrack });
}

export function useRecordWire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { payoutId: string; wireReference: string }) => (await request(WireMutation, input)).recordPayoutWire,
    onSuccess: () => client.invalidateQueries(),
  });
}

export interface ImportAnswer {
  storms: { id: string; name: string; change: 'NEW' | 'EXTENDED' | 'UNCHANGED'; points: number }[];
  payouts: number;
  alerts: number;
}

/** The file's bytes as the body (decision 004: no file bytes in GraphQL); a refusal carries the server's sentence. */
async function uploadStormFile(file: File): Promise<ImportAnswer> {
  const token = readAccessToken();
  const response = await fetch(STORMS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as Partial<ImportAnswer> & { display_message?: string };
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, body.display_message ?? FALLBACK_DISPLAY_MESSAGE, String(response.status));
  return body as ImportAnswer;
}

export function useImportStorms() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadStormFile, onSuccess: () => client.invalidateQueries() });
}
