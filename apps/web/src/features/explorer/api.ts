import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/graphql/errors';
import { request } from '../../lib/graphql/client';
import { graphql, type ResultOf } from '../../lib/graphql/graphql';

const BlockchainTxnQuery = graphql(`
  query GetBlockchianTxn($hash: String!) {
    getBlockchianTxn(hash: $hash) {
      hash txnLink txnId status from to value { cents formatted } timestamp
      kind sequence prevHash prevTxnLink payloadHash payload data stormName appendedAt
      block { number firstSequence lastSequence entryCount merkleRoot prevBlockHash hash sealedAt }
      proof { index leafCount path { side hash } }
      checkpoint { block lastSequence blockHash keyId signature signedAt listUrl keyUrl }
      verification { status verified checkedEntries brokenAtSequence brokenAtBlock reason }
    }
  }
`);

export type BlockchainTxn = ResultOf<typeof BlockchainTxnQuery>['getBlockchianTxn'];

const PayoutProofQuery = graphql(`
  query GetPayoutProof($payoutId: String!) {
    getPayoutProof(payoutId: $payoutId) {
      payoutId link value { cents formatted } record leaf entryRoot computedRoot status verified reason
      proof { index leafCount path { side hash } }
      entry { hash sequence }
    }
  }
`);

export type PayoutProof = ResultOf<typeof PayoutProofQuery>['getPayoutProof'];

/** NOT_FOUND: the hash is malformed or no entry has it (the server's sentence says which). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'NOT_FOUND';

/**
 * One ledger entry, asked anonymously: the page is public, and a stale session on this device must
 * not stand between anyone and a proof. Never retried when the hash is not found.
 */
export function useBlockchainTxn(hash: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['explorer', hash],
    queryFn: async () => (await request(BlockchainTxnQuery, { hash }, { token: null })).getBlockchianTxn,
    retry: (failures, error) => !isNotFound(error) && failures < 2,
    enabled: options.enabled ?? true,
  });
}

/** A payout's proof (decision 174), asked anonymously like an entry; its entry is then asked as any entry. */
export function usePayoutProof(payoutId: string) {
  return useQuery({
    queryKey: ['explorer', 'payout', payoutId],
    queryFn: async () => (await request(PayoutProofQuery, { payoutId }, { token: null })).getPayoutProof,
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}
