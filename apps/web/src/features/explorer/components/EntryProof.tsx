import type { BlockchainTxn } from '../api';
import { HowChecked } from './HowChecked';
import { Overview } from './Overview';
import { ShareCard } from './ShareCard';
import { TechnicalDetails } from './TechnicalDetails';
import { Verdict } from './Verdict';

/** One entry's proof: the verdict, its link and QR code, the overview, how it was checked, the record as stored. */
export function EntryProof({ txn }: { txn: BlockchainTxn }) {
  return (
    // A grid, not rows: on a phone the QR code follows the verdict; on a desk it sits beside it.
    <div className="explorer-grid">
      <div className="explorer-area-verdict">
        <Verdict txn={txn} />
      </div>
      <div className="explorer-area-share">
        <ShareCard link={txn.txnLink} />
      </div>
      <div className="explorer-area-overview">
        <Overview txn={txn} />
      </div>
      <div className="explorer-area-checked">
        <HowChecked txn={txn} />
      </div>
      <div className="explorer-area-technical">
        <TechnicalDetails txn={txn} />
      </div>
    </div>
  );
}
