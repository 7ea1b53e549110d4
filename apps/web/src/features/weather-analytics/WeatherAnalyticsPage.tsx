import { isCountryCode, type CountryCode } from '@fhp/domain';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useParams, useSearchParams } from 'react-router';
import { ActiveStorms } from '../../components/active-storms/ActiveStorms';
import { ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { displayName, StormMap } from '../../components/storm-map/StormMap';
import { ApiError } from '../../lib/graphql/errors';
import { actualPolicyPath, archivedPolicyPath, explorerPath, payoutProofPath, TRACKER_FROM_ARCHIVE, trackerDetailPath } from '../../lib/policyPaths';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePolicyTracker, type PolicyTracker } from './api';
import { addMonths, currentMonth, FIRST_YEAR, localTime, MONTH_NAMES, monthLabel, monthParam, parseMonth, type Month } from './month';
import { EVENT_COLOURS, TrackerCalendar } from './TrackerCalendar';
import { TRACKER_TEXTS } from './texts';
import { WindChart } from './WindChart';
import './weather-analytics.css';

/**
 * The Tropical Cyclone Tracker of one policy (WeatherAnalytics, spec part 2; product decisions
 * "Weather analytics"): a month of the policy's island as calendar events, a map of that month's
 * storms, the table of events with their proof-ledger entries, and the wind chart. The address
 * carries the policy number; `?month=YYYY-MM` keeps the month shown (links and reloads).
 */

function MonthToolbar({ month, latestYear, onChange, busy }: { month: Month; latestYear: number; onChange: (month: Month) => void; busy: boolean }) {
  const years = Array.from({ length: latestYear - FIRST_YEAR + 1 }, (_, i) => latestYear - i);
  const first = month.year === FIRST_YEAR && month.month === 1;
  const last = month.year === latestYear && month.month === 12;
  return (
    <div className="tracker-toolbar">
      <div className="tracker-month-title">
        <h2 className="h5 mb-0" aria-live="polite">
          {monthLabel(month)}
        </h2>
        {busy && <Spinner animation="border" size="sm" className="ms-2" role="status" aria-label="Loading the month" />}
      </div>
      <div className="tracker-toolbar-controls">
        {/* Named as shown ("Previous", "Next"), so a voice-control user can say it; the arrows are decoration. */}
        <Button variant="outline-primary" size="sm" disabled={first} onClick={() => onChange(addMonths(month, -1))} aria-label="Previous month">
          <span aria-hidden="true">‹</span>
          <span className="d-none d-sm-inline"> Previous</span>
        </Button>
        <Form.Select size="sm" aria-label="Month" value={month.month} onChange={(event) => onChange({ ...month, month: Number(event.target.value) })}>
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </Form.Select>
        <Form.Select size="sm" aria-label="Year" value={month.year} onChange={(event) => onChange({ ...month, year: Number(event.target.value) })}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </Form.Select>
        <Button variant="outline-primary" size="sm" disabled={last} onClick={() => onChange(addMonths(month, 1))} aria-label="Next month">
          <span className="d-none d-sm-inline">Next </span>
          <span aria-hidden="true">›</span>
        </Button>
        <Button variant="link" size="sm" onClick={() => onChange(currentMonth())}>
          Today
        </Button>
      </div>
    </div>
  );
}

function EventKey() {
  return (
    <ul className="tracker-key list-unstyled small mb-0" aria-label="Event colours">
      {TRACKER_TEXTS.eventKinds.map(({ title, colour, meaning }) => (
        <li key={title}>
          <span className="tracker-key-swatch" style={{ background: EVENT_COLOURS[colour] }} aria-hidden="true" />
          <span>
            <strong>{title}</strong>: {meaning}
          </span>
        </li>
      ))}
    </ul>
  );
}

function EventsTable({ tracker }: { tracker: PolicyTracker }) {
  if (tracker.rows.length === 0) return <p className="mb-0 text-body-secondary">{TRACKER_TEXTS.empty}</p>;
  return (
    <Table size="sm" className="mb-0 tracker-table align-middle">
      <caption className="visually-hidden">Tropical cyclone events near {tracker.countryName}, {monthLabel(tracker)}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Cyclone date</th>
          <th scope="col">Storm</th>
          <th scope="col">Event</th>
          <th scope="col">Windspeed</th>
          <th scope="col">Category</th>
          <th scope="col">Blockchain transaction</th>
        </tr>
      </thead>
      <tbody>
        {tracker.rows.map((row) => (
          <tr key={`${row.stormId}-${row.date}`}>
            <td className="tracker-nowrap" data-label="Date">
              {row.date}
            </td>
            <td className="tracker-nowrap" data-label="Cyclone date">
              {localTime(row.cycloneDate)}
            </td>
            <td className="tracker-nowrap" data-label="Storm">
              <Link to={trackerDetailPath(row.stormId, tracker.policyNumber)}>
                {displayName(row.name)} <span className="text-body-secondary">({row.stormId})</span>
              </Link>
            </td>
            <td data-label="Event">
              <span className="tracker-pill" style={{ background: EVENT_COLOURS[tracker.events.find((event) => event.stormId === row.stormId && event.date === row.date)?.colour ?? 'orange'] }}>
                {row.title}
              </span>
            </td>
            <td className="tracker-nowrap" data-label="Windspeed">
              {row.windspeed === null ? '-' : `${row.windspeed} kt`}
            </td>
            <td className="tracker-nowrap" data-label="Category">
              {row.category}
            </td>
            <td className="tracker-proof" data-label="Blockchain transaction">
              {row.blockchainTxnHash ? (
                <Link to={row.blockchainPayoutId ? payoutProofPath(row.blockchainPayoutId) : explorerPath(row.blockchainTxnHash)} title={row.blockchainTxnId ?? undefined}>
                  {row.blockchainTxnId}
                </Link>
              ) : (
                <span className="text-body-secondary">Not on the ledger: nothing paid</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function mapDescription(tracker: PolicyTracker): string {
  const names = tracker.tracks.map((track) => `${displayName(track.name)} (${track.id})`);
  const month = monthLabel(tracker);
  if (names.length === 0) return `${tracker.countryName} with box 1 (within 25 km) and box 2 (within 100 km). No system came within 300 km in ${month}.`;
  return `${tracker.countryName} with box 1 (within 25 km) and box 2 (within 100 km), and the track${names.length === 1 ? '' : 's'} of ${names.join(', ')} in ${month}, coloured by class.`;
}

function Tracker({ tracker, month, latestYear, busy, onMonth, archived }: { tracker: PolicyTracker; month: Month; latestYear: number; busy: boolean; onMonth: (month: Month) => void; archived: boolean }) {
  const country: CountryCode[] = isCountryCode(tracker.country) ? [tracker.country] : [];
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">{TRACKER_TEXTS.title}</h1>
          <p className="mb-0 text-body-secondary">
            Policy <span className="font-monospace">{tracker.policyNumber}</span> · {tracker.countryName} · {tracker.optionLabel}
          </p>
        </div>
        <Link className="btn btn-outline-primary" to={archived ? archivedPolicyPath(tracker.policyNumber) : actualPolicyPath(tracker.policyNumber)}>
          Back to the policy
        </Link>
      </div>
      <ActiveStorms policyNumber={tracker.policyNumber} />
      <Row className="g-3 mb-3">
        <Col xl={7}>
          <Card className="h-100">
            <Card.Body>
              <MonthToolbar month={month} latestYear={latestYear} onChange={onMonth} busy={busy} />
              <TrackerCalendar month={month} events={tracker.events} policyNumber={tracker.policyNumber} />
              <EventKey />
            </Card.Body>
          </Card>
        </Col>
        <Col xl={5}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Storm map</h2>
              <StormMap countries={country} tracks={tracker.tracks} title={`Map of ${tracker.countryName}, ${monthLabel(month)}`} description={mapDescription(tracker)} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h5">Events in {monthLabel(month)}</h2>
          <EventsTable tracker={tracker} />
        </Card.Body>
      </Card>
      <Card>
        <Card.Body>
          <h2 className="h5">Wind near {tracker.countryName}</h2>
          <WindChart policyId={tracker.policyNumber} island={tracker.countryName} year={month.year} latestYear={latestYear} />
        </Card.Body>
      </Card>
    </>
  );
}

export function WeatherAnalyticsPage({ notFound }: { notFound: ReactNode }) {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const today = currentMonth();
  // The tracker looks ahead to the season on sale: next year's months can be chosen.
  const latestYear = today.year + 1;
  const month = parseMonth(search.get('month'), latestYear) ?? today;
  const tracker = usePolicyTracker(id, month.year, month.month);
  usePageTitle(`${TRACKER_TEXTS.title}${tracker.data ? ` · ${tracker.data.policyNumber}` : ''}`);

  // Opened from an archived policy (an expired cover term), the way back goes to the archive (issue 20 item 5).
  const archived = search.get(TRACKER_FROM_ARCHIVE) === 'archived';
  const onMonth = (next: Month) => setSearch({ month: monthParam(next), ...(archived ? { [TRACKER_FROM_ARCHIVE]: 'archived' } : {}) }, { replace: true });

  if (tracker.isPending) return <LoadingScreen label={TRACKER_TEXTS.loading} />;
  if (tracker.error instanceof ApiError && tracker.error.code === 'NOT_FOUND') return <>{notFound}</>;
  if (tracker.isError && !tracker.data) {
    return (
      <section className="weather-analytics">
        <h1 className="h3">{TRACKER_TEXTS.title}</h1>
        <ErrorDialog show onRetry={() => void tracker.refetch()} onClose={() => undefined} />
      </section>
    );
  }
  return (
    <section className="weather-analytics">
      <Tracker tracker={tracker.data!} month={month} latestYear={latestYear} busy={tracker.isFetching} onMonth={onMonth} archived={archived} />
      {/* A month that fails to load keeps the last one on screen and says so. */}
      <ErrorDialog show={tracker.isError && tracker.data !== undefined} onRetry={() => void tracker.refetch()} onClose={() => onMonth({ year: tracker.data!.year, month: tracker.data!.month })} />
    </section>
  );
}
