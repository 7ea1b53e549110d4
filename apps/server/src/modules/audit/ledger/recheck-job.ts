import type { JobDefinition, RunnerDeps } from '../../jobs';
import type { RecheckResult } from './incremental';

/**
 * The daily re-check of the proof ledger (decision 138): the explorer verifies each sealed block
 * once and then trusts its mark, so once a day the whole ledger and every checkpoint are checked
 * again. A break clears the marks from the broken block on (the explorer then finds and shows it)
 * and is logged as an error; nothing personal is in the ledger, so the entry and reason are logged.
 * Answers how many blocks it marked verified.
 */
export const ledgerRecheckJob: JobDefinition<RunnerDeps & { ledger: { recheck(): Promise<RecheckResult> } }> = {
  name: 'ledger-recheck',
  // Every day at 03:41, out of the way of the lifecycle's early-morning jobs.
  schedule: '41 3 * * *',
  async run({ deps }) {
    const result = await deps.ledger.recheck();
    if (!result.ok && result.brokenAt) {
      deps.log.error({ sequence: result.brokenAt.sequence, block: result.brokenAt.block, reason: result.brokenAt.reason }, 'the ledger re-check found a break: the explorer shows it from there on');
    }
    return result.verified;
  },
};
