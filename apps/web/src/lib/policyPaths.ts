/**
 * Addresses of a holder's policy pages that more than one feature links to (spec part 2 section 2):
 * the policy detail, its Tropical Cyclone Tracker and the tracker's storm detail, and a proof-ledger
 * entry. The addresses carry the policy number, which the server accepts for the holder's own policy.
 */

/** `YYYY-MM`: the month the tracker opens on. */
export type TrackerMonth = `${number}-${string}`;

export const actualPolicyPath = (policyNumber: string) => `/my-policies/actual/${encodeURIComponent(policyNumber)}`;

export const archivedPolicyPath = (policyNumber: string) => `/my-policies/archived/${encodeURIComponent(policyNumber)}`;

/** The query parameter saying the tracker was opened from an archived policy: its way back goes there. */
export const TRACKER_FROM_ARCHIVE = 'from';

export function trackerPath(policyNumber: string, month?: TrackerMonth, options: { archived?: boolean } = {}): string {
  const path = `/my-policies/actual/weather-analytics/${encodeURIComponent(policyNumber)}`;
  const query = new URLSearchParams();
  if (month) query.set('month', month);
  if (options.archived) query.set(TRACKER_FROM_ARCHIVE, 'archived');
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** AnalyticsAPIDetail: one storm's audit for a policy; the storm in the path, the policy in the query. */
export const trackerDetailPath = (stormId: string, policyNumber: string) =>
  `/my-policies/actual/weather-analytics/api-detail/${encodeURIComponent(stormId)}?policy=${encodeURIComponent(policyNumber)}`;

export const explorerPath = (hash: string) => `/explorer/${hash}`;

/** A payout's proof: its path to its storm evaluation's entry, then that entry's (decision 174). */
export const payoutProofPath = (payoutId: string) => `/explorer/payout/${encodeURIComponent(payoutId)}`;
