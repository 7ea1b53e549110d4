import type { MyPolicyList } from '@fhp/domain';

/** The spec's texts (part 2 section 2); the list titles and the two list loading texts are ours. */
export const LIST_TEXTS: Record<MyPolicyList, { title: string; loading: string; empty: string; emptyDetail?: string }> = {
  ACTUAL: {
    title: 'Actual policies',
    loading: 'Retrieving your Policies...',
    empty: 'No Policies found',
    emptyDetail: 'Purchase policy today to protect against Flexible Hurricane Protection',
  },
  PROVISIONAL: {
    title: 'Provisional policies',
    loading: 'Retrieving your Policies...',
    empty: 'No Policies found',
    emptyDetail: 'Purchase policy today to protect against Flexible Hurricane Protection',
  },
  ARCHIVED: {
    title: 'Archived Policies',
    loading: 'Retrieving your Archived policies...',
    empty: 'No Archived policies found yet - All Expired/Cancelled polices will display here',
  },
};

/** A list the server did not give: never the empty state, which would say there is no cover. */
export const LIST_FAILED = {
  title: 'Your policies could not be loaded right now.', // ours
  detail: 'Your cover is not affected. Please try again in a moment.', // ours
} as const;

export const DETAIL_TEXTS = {
  loading: 'Retrieving your Policy detail...',
  cancelling: 'Please wait while we cancel your policy...',
  cancelled: 'Thank you, your policy cancellation request sent successfully.',
  cancelledDialog: 'Cancellation request sent',
  acknowledged: 'Payment receipt confirmed',
  /** The acknowledgement sentence: received by wire transfer on the paid date for the amount. */
  acknowledgement: (amount: string, date: string) => `I confirm that I received the payout of ${amount} by wire transfer on ${date}.`,
  timelineFailed: 'The timeline could not be loaded right now. Please try again later.', // ours
  payoutsFailed: 'The payouts could not be loaded right now. Please try again later.', // ours
} as const;
