/**
 * Addresses of a holder's policy pages that more than one feature links to (spec part 2 section 2):
 * the policy detail, its Tropical Cyclone Tracker and the tracker's storm detail, and a proof-ledger
 * entry. The addresses carry the policy number, which the server accepts for the holder's own policy.
 */

/** `YYYY-MM`: the month the tracker opens on. */
export type TrackerMonth = `${number}-${string}`;

export const actualPolicyPath = (policyNumber: string) => `/my-policies/actual/${encodeURIComponent(policyNumber)}`;

export function trackerPath(policyNumber: string, month?: TrackerMonth): string {
  const path = `/my-policies/actual/weather-analytics/${encodeURIComponent(policyNumber)}`;
  return month ? `${path}?month=${month}` : path;
}

/** AnalyticsAPIDetail: one storm's audit for a policy; the storm in the path, the policy in the query. */
export const trackerDetailPath = (stormId: string, policyNumber: string) =>
  `/my-policies/actual/weather-analytics/api-detail/${encodeURIComponent(stormId)}?policy=${encodeURIComponent(policyNumber)}`;

export const explorerPath = (hash: string) => `/explorer/${hash}`;
