import { longDate } from '../../../lib/dates';
import type { TimelineEntry } from '../api';

/** The KYC submissions (getTxnList, type KYC_SUBMISSION), newest first; colours from spec part 2 section 9 in account.css. */
export function KycTimeline({ entries, loading, failed }: { entries: readonly TimelineEntry[]; loading: boolean; failed: boolean }) {
  return (
    <section className="account-card" aria-labelledby="account-timeline-title">
      <h2 id="account-timeline-title" className="h5">
        KYC timeline
      </h2>
      {loading ? (
        <p className="text-body-secondary mb-0" role="status">
          Retrieving your KYC timeline...
        </p>
      ) : failed ? (
        <p className="text-body-secondary mb-0">The timeline could not be loaded right now. Please try again later.</p>
      ) : entries.length === 0 ? (
        <p className="text-body-secondary mb-0">No KYC submissions yet.</p>
      ) : (
        <ol className="account-timeline">
          {entries.map((entry) => (
            <li key={entry.id} className="account-timeline-step">
              <p className="account-timeline-headline">{entry.action}</p>
              <p className="small mb-0">
                <time dateTime={new Date(entry.when).toISOString()}>{longDate(entry.when)}</time>
                {entry.where ? ` · ${entry.where}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
