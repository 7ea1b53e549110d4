import { CYCLONE_CLASS_LABELS, formatLongDate, isCountryCode, type CycloneClass } from '@fhp/domain';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { displayName, StormMap } from '../../components/storm-map/StormMap';
import { ApiError } from '../../lib/graphql/errors';
import { explorerPath, payoutProofPath, trackerPath } from '../../lib/policyPaths';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePolicyStormDetail, type StormDetail } from './api';
import { localTime, monthOf, monthParam } from './month';
import { EVENT_COLOURS } from './TrackerCalendar';
import { TRACKER_TEXTS } from './texts';
import './weather-analytics.css';

/**
 * AnalyticsAPIDetail: what stands behind one row of the tracker, for one policy. The contract's
 * audit of the storm (the highest class in each box, when it qualified, what every option gives),
 * whether that fell in the policy's cover term, the policy's own payouts for it with their proof,
 * a map of the track, and the track near the island hour by hour. The storm id is in the path,
 * the policy number in `?policy=`.
 */

const classLabel = (value: string | null) => (value ? (CYCLONE_CLASS_LABELS[value as CycloneClass] ?? value) : 'None');
const day = (iso: string) => formatLongDate(iso);
const BOX_LABELS: Record<string, string> = { BOX_1: 'Box 1', BOX_2: 'Box 2', NEARBY: 'Within 300 km' };
const LEDGER_KINDS: Record<string, string> = { PAYOUT_CREATED: 'Payout created for this policy', TRIGGER_EVENT: "The storm's verdict over the island" };

function Verdict({ detail }: { detail: StormDetail }) {
  const mine = detail.options.find((option) => option.isPolicyOption)!;
  const term = `${day(detail.coverStart)} to ${day(detail.coverEnd)}`;
  if (detail.payouts.length > 0) {
    const total = detail.payouts.reduce((sum, payout) => sum + payout.percent, 0);
    return (
      <Alert variant="success">
        <strong>Eligible for payout.</strong> {displayName(detail.storm.name)} met the terms of {detail.optionLabel.split(':')[0]}: {total}% of your coverage, paid
        automatically. No claim is needed.
      </Alert>
    );
  }
  if (mine.percent > 0 && !detail.inCoverTerm) {
    return (
      <Alert variant="info">
        Under {detail.optionLabel.split(':')[0]} this storm gives {mine.percent}% of the coverage, but it qualified outside this policy&apos;s cover term ({term}), so it
        pays nothing under this policy.
      </Alert>
    );
  }
  if (mine.percent > 0) {
    return <Alert variant="info">Under {detail.optionLabel.split(':')[0]} this storm gives {mine.percent}% of the coverage; no payout was made, as the policy was not in force then or was already paid in full for the term.</Alert>;
  }
  return (
    <Alert variant="secondary">
      {displayName(detail.storm.name)} did not meet the terms of {detail.optionLabel.split(':')[0]}: it pays nothing under this policy.
    </Alert>
  );
}

function Detail({ detail }: { detail: StormDetail }) {
  const name = displayName(detail.storm.name);
  const country = isCountryCode(detail.country) ? [detail.country] : [];
  const firstEvent = detail.events[0];
  const back = trackerPath(detail.policyNumber, firstEvent ? monthParam(monthOf(firstEvent.date)) : undefined);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">
            {name} <span className="text-body-secondary">({detail.storm.id})</span>
          </h1>
          <p className="mb-0 text-body-secondary">
            Policy <span className="font-monospace">{detail.policyNumber}</span> · {detail.countryName} · {detail.optionLabel}
          </p>
        </div>
        <Link className="btn btn-outline-primary" to={back}>
          Back to the tracker
        </Link>
      </div>
      <Verdict detail={detail} />
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">The contract&apos;s audit</h2>
              <dl className="storm-detail-facts mb-3">
                <dt>Highest class within 25 km (box 1)</dt>
                <dd>{classLabel(detail.c1)}</dd>
                <dt>Highest class within 100 km (box 2)</dt>
                <dd>{classLabel(detail.c2)}</dd>
                <dt>Closest a tropical storm or hurricane came</dt>
                <dd>{detail.closestKm === null ? 'Not within 100 km' : detail.closestKm === 0 ? 'Over the island' : `${detail.closestKm} km`}</dd>
                <dt>Qualified under your option</dt>
                <dd>{detail.qualifyingTime ? `${localTime(detail.qualifyingTime)} AST` : 'Never'}</dd>
                <dt>Your cover term</dt>
                <dd>
                  {day(detail.coverStart)} to {day(detail.coverEnd)} {detail.qualifyingTime && (detail.inCoverTerm ? '(the storm qualified in it)' : '(the storm qualified outside it)')}
                </dd>
              </dl>
              <Table size="sm" responsive className="mb-0">
                <caption className="small">What the contract gives for {name} over {detail.countryName}, option by option</caption>
                <thead>
                  <tr>
                    <th scope="col">Option</th>
                    <th scope="col">Payout</th>
                    <th scope="col">Qualified at (AST)</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.options.map((option) => (
                    <tr key={option.option} className={option.isPolicyOption ? 'storm-detail-option' : undefined}>
                      <td>
                        {option.label.split(':')[0]}
                        {option.isPolicyOption && <span className="visually-hidden"> (your option)</span>}
                        {option.isPolicyOption && <span className="badge text-bg-primary ms-2">yours</span>}
                      </td>
                      <td>{option.percent}%</td>
                      <td className="text-nowrap">{option.qualifyingTime ? localTime(option.qualifyingTime) : '-'}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Map</h2>
              <StormMap
                countries={country}
                tracks={[detail.storm]}
                title={`Map of ${name}'s track near ${detail.countryName}`}
                description={`${detail.countryName} with box 1 (within 25 km) and box 2 (within 100 km), and the track of ${name} coloured by class. Highest class in box 1: ${classLabel(detail.c1)}; in box 2: ${classLabel(detail.c2)}.`}
              />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Your payouts for {name}</h2>
              {detail.payouts.length === 0 ? (
                <p className="mb-0 text-body-secondary">No payout on this policy for this storm.</p>
              ) : (
                <Table size="sm" responsive className="mb-0">
                  <thead>
                    <tr>
                      <th scope="col">Share paid</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">Proof</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.payouts.map((payout) => (
                      <tr key={payout.id}>
                        <td>
                          {payout.percent}%
                          {payout.percent < payout.contractPercent && <div className="small text-body-secondary">of the storm&apos;s {payout.contractPercent}%</div>}
                        </td>
                        <td className="text-nowrap">{payout.amount.formatted}</td>
                        <td>{payout.status === 'PAID' ? (payout.acknowledged ? 'Paid, acknowledged' : 'Paid') : 'Pending wire transfer'}</td>
                        <td>{payout.blockchainTxnHash ? <Link to={payoutProofPath(payout.id)}>View</Link> : '-'}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Proof ledger</h2>
              {detail.ledger ? (
                <dl className="storm-detail-facts mb-0">
                  <dt>Entry</dt>
                  <dd>{LEDGER_KINDS[detail.ledger.kind] ?? detail.ledger.kind}</dd>
                  <dt>Transaction id</dt>
                  <dd className="text-break">{detail.ledger.txnId}</dd>
                  <dt>Hash</dt>
                  <dd className="text-break font-monospace small">
                    <Link to={detail.ledger.kind === 'PAYOUT_CREATED' ? payoutProofPath(detail.ledger.txnId) : explorerPath(detail.ledger.hash)}>{detail.ledger.hash}</Link>
                  </dd>
                </dl>
              ) : (
                <p className="mb-0 text-body-secondary">Not on the ledger: the storm paid nothing on {detail.countryName} in this policy&apos;s season.</p>
              )}
              <h3 className="h6 mt-3">On the tracker</h3>
              <ul className="list-unstyled mb-0 d-grid gap-1">
                {detail.events.map((event) => (
                  <li key={event.date} className="d-flex flex-wrap gap-2 align-items-center">
                    <span className="text-nowrap">{event.date}</span>
                    <span className="tracker-pill" style={{ background: EVENT_COLOURS[event.colour] }}>
                      {event.title}
                    </span>
                    <span className="small text-body-secondary">
                      {event.category}
                      {event.windKt === null ? '' : `, ${event.windKt} kt`}, closest {event.closestKm} km
                    </span>
                  </li>
                ))}
              </ul>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Card>
        <Card.Body>
          <h2 className="h5">The track near {detail.countryName}, hour by hour</h2>
          {detail.nearby.length === 0 ? (
            <p className="mb-0 text-body-secondary">{name} never came within 300 km of {detail.countryName}.</p>
          ) : (
            <div className="storm-detail-nearby" tabIndex={0} role="region" aria-label={`The track near ${detail.countryName}, hour by hour`}>
              <Table size="sm" className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Time (AST)</th>
                    <th scope="col">Position</th>
                    <th scope="col">Class</th>
                    <th scope="col">Wind</th>
                    <th scope="col">Distance</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.nearby.map((point) => (
                    <tr key={point.time}>
                      <td className="text-nowrap">{localTime(point.time)}</td>
                      <td className="text-nowrap">
                        {Math.abs(point.lat).toFixed(2)}°{point.lat >= 0 ? 'N' : 'S'} {Math.abs(point.lon).toFixed(2)}°{point.lon >= 0 ? 'E' : 'W'}
                      </td>
                      <td>{point.category}</td>
                      <td className="text-nowrap">{point.windKt === null ? '-' : `${point.windKt} kt`}</td>
                      <td className="text-nowrap">
                        {point.distanceKm} km <span className="small text-body-secondary">({BOX_LABELS[point.box]})</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </Card.Body>
      </Card>
    </>
  );
}

export function StormDetailPage({ notFound }: { notFound: ReactNode }) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const policy = search.get('policy') ?? '';
  const detail = usePolicyStormDetail(policy, id);
  usePageTitle(detail.data ? `${displayName(detail.data.storm.name)} · ${detail.data.policyNumber}` : TRACKER_TEXTS.title);
  if (!policy) return <>{notFound}</>;
  if (detail.isPending) return <LoadingScreen label={TRACKER_TEXTS.detailLoading} />;
  if (detail.error instanceof ApiError && detail.error.code === 'NOT_FOUND') return <>{notFound}</>;
  if (detail.isError) {
    return (
      <section className="weather-analytics">
        <h1 className="h3">{TRACKER_TEXTS.title}</h1>
        <ErrorDialog show onRetry={() => void detail.refetch()} onClose={() => undefined} />
      </section>
    );
  }
  return (
    <section className="weather-analytics">
      <Detail detail={detail.data} />
    </section>
  );
}
