/**
 * The public address of a proof-ledger entry: `${origin}/explorer/${hash}`, where origin is the
 * configured public address (config.publicUrl), never a request's Host header: a link in a
 * contract or an email outlives the request, and a forged Host would point holders elsewhere.
 * Everything that shows or prints a link to an entry (the contract's QR code, emails, answers)
 * builds it here.
 */
export const EXPLORER_PATH = '/explorer';

export function explorerLink(origin: string, hash: string): string {
  return `${origin.replace(/\/+$/, '')}${EXPLORER_PATH}/${hash}`;
}

/** The public address of a payout's proof (decision 174): its path to its evaluation's entry, then that entry's. */
export function payoutProofLink(origin: string, payoutId: string): string {
  return `${origin.replace(/\/+$/, '')}${EXPLORER_PATH}/payout/${payoutId}`;
}
