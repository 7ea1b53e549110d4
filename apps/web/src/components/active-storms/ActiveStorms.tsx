import { formatMonthDayTime } from '@fhp/domain';
import { Link } from 'react-router';
import { trackerDetailPath } from '../../lib/policyPaths';
import { displayName } from '../storm-map/StormMap';
import { useMyActiveStorms, type ActiveStormRow } from './api';
import './active-storms.css';

/**
 * What a holder sees while a storm is active (issue 22 item 4, decision 173): on the policy page and
 * the tracker, each active storm near the policy's island with its latest position and class, its
 * distance to the island and what it has earned the policy so far, in the domain's words. Nothing
 * is drawn while no storm is active.
 */

const PAYOUT_TONE: Record<string, string> = {
  PAID: 'success',
  PREPARING: 'success',
  AWAITING_SOURCES: 'warning',
  NONE: 'secondary',
};

function StormCard({ row, policyNumber }: { row: ActiveStormRow; policyNumber: string }) {
  const name = displayName(row.stormName);
  return (
    <li className="active-storm">
      <div className="active-storm-head">
        <h3 className="h6 mb-0">
          <Link to={trackerDetailPath(row.stormId, policyNumber)}>
            {name} <span className="text-body-secondary fw-normal">({row.stormId})</span>
          </Link>
        </h3>
        <span className="badge text-bg-danger">{row.classWords}</span>
      </div>
      <dl className="active-storm-facts">
        <div>
          <dt>Latest position</dt>
          <dd>
            {row.position}
            <span className="text-body-secondary"> · {formatMonthDayTime(row.latest.time)} AST</span>
          </dd>
        </div>
        <div>
          <dt>Distance</dt>
          <dd>{row.distance}</dd>
        </div>
        <div>
          <dt>Wind</dt>
          <dd>{row.latest.windKt === null ? '-' : `${row.latest.windKt} knots`}</dd>
        </div>
      </dl>
      <p className={`active-storm-payout mb-0 border-start border-4 border-${PAYOUT_TONE[row.payout.state] ?? 'secondary'}`}>{row.payout.sentence}</p>
    </li>
  );
}

/** The panel, given the rows (the page's query): tested alone. */
export function ActiveStormsPanel({ rows, policyNumber }: { rows: readonly ActiveStormRow[]; policyNumber: string }) {
  const shown = rows.filter((row) => row.policyNumber === policyNumber);
  if (shown.length === 0) return null;
  const island = shown[0]!.countryName;
  const title = shown.length === 1 ? `Active storm near ${island}` : `Active storms near ${island}`;
  return (
    <section className="active-storms card mb-3" aria-labelledby="active-storms-title">
      <div className="card-body">
        <h2 id="active-storms-title" className="h5">
          {title}
        </h2>
        <ul className="list-unstyled mb-0">
          {shown.map((row) => (
            <StormCard key={row.stormId} row={row} policyNumber={policyNumber} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The active storms near one of the holder's policies; refreshed every five minutes. */
export function ActiveStorms({ policyNumber }: { policyNumber: string }) {
  const query = useMyActiveStorms(policyNumber);
  if (query.isError) return <p className="text-body-secondary small">Storms in progress could not be loaded right now.</p>;
  if (!query.data) return null;
  return <ActiveStormsPanel rows={query.data} policyNumber={policyNumber} />;
}
