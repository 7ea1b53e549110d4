import { formatLongDateTime } from '@fhp/domain';
import './txn-timeline.css';

export interface TxnTimelineEntry {
  id: string;
  action: string;
  /** Epoch milliseconds. */
  when: number;
  where?: string | null;
  by?: string | null;
}


/** A transaction-log timeline, newest first, in the spec's colours (part 2 section 9). */
export function TxnTimeline({ entries }: { entries: readonly TxnTimelineEntry[] }) {
  return (
    <ol className="txn-timeline mb-0">
      {entries.map((entry) => (
        <li key={entry.id}>
          <div className="txn-timeline-headline">{entry.action}</div>
          <div className="small text-body-secondary">{[formatLongDateTime(entry.when), entry.where, entry.by].filter(Boolean).join(' · ')}</div>
        </li>
      ))}
    </ol>
  );
}
