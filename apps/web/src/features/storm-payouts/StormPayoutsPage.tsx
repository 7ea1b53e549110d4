import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { COUNTRIES, COUNTRY_CODES, formatLocalLongDate, nearbySamples, stormDisplayName, stormLabel, type CountryCode, type StormStatus } from '@fhp/domain';
import { EmptyState } from '../../components/EmptyState';
import { OwnRecordBadge } from '../../components/OwnRecordBadge';
import { ScrollTable, StaffList } from '../../components/StaffList';
import { StormMap } from '../../components/storm-map/StormMap';
import { notify } from '../../components/toast';
import { fetchPdf } from '../../lib/downloadPdf';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { SourcesPanel } from './SourcesPanel';
import { STORMS_PATH, useImportStorms, useRecordWire, useStormPayouts, useStorms, useStormTrack, type ImportAnswer, type StormPayoutItem, type StormTrackItem } from './api';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Storms without payouts shown before "Show all": the latest tracks. */
const RECENT_STORMS = 10;


function ImportCard() {
  const importer = useImportStorms();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose a HURDAT2 best-track file (.txt)');
    setError(null);
    try {
      const result = await importer.mutateAsync(file);
      setAnswer(result);
      notify.success(`${plural(result.storms.length, 'storm')} read: ${plural(result.payouts, 'payout')} created, ${plural(result.alerts, 'storm alert')} sent.`);
    } catch (failure) {
      setAnswer(null);
      setError(displayMessageOf(failure));
    }
  };
  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">Import storm tracks</Card.Title>
        <Form noValidate onSubmit={(event) => void submit(event)}>
          <Form.Group controlId="storm-file" className="mb-3">
            <Form.Label>HURDAT2 best-track file (at most 20 MB)</Form.Label>
            <Form.Control type="file" accept=".txt,text/plain" isInvalid={error !== null} onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)} />
            <Form.Control.Feedback type="invalid" role="alert">{error}</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" disabled={importer.isPending}>
            {importer.isPending ? <Spinner size="sm" animation="border" role="status" aria-label="Importing" /> : 'Import and evaluate'}
          </Button>
        </Form>
        {answer && (
          <Alert variant="success" className="mt-3 mb-0">
            {answer.storms.map((storm) => `${stormLabel(storm)}: ${storm.change.toLowerCase()}`).join('; ')}. {plural(answer.payouts, 'payout')} created, {plural(answer.alerts, 'storm alert')} sent.
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}

function WireForm({ payout }: { payout: StormPayoutItem }) {
  const wire = useRecordWire();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await wire.mutateAsync({ payoutId: payout.id, wireReference: reference });
      notify.success(`Wire of ${payout.amount.formatted} on ${payout.policyNumber} recorded.`);
    } catch (failure) {
      setError(displayMessageOf(failure));
    }
  };
  return (
    <Form className="d-flex gap-2 align-items-start" noValidate onSubmit={(event) => void submit(event)}>
      <div style={{ minWidth: '9.5rem' }}>
        <Form.Control size="sm" aria-label={`Wire reference for ${payout.policyNumber}`} placeholder="Wire reference" value={reference} isInvalid={error !== null} onChange={(event) => setReference(event.target.value)} />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </div>
      <Button size="sm" type="submit" disabled={wire.isPending}>Record wire</Button>
    </Form>
  );
}

function PayoutsTable({ stormId, stormName }: { stormId: string; stormName: string }) {
  const payouts = useStormPayouts(stormId);
  const download = async () => {
    try {
      const blob = await fetchPdf(`${STORMS_PATH}/${stormId}/payouts.csv`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `payouts-${stormId}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (failure) {
      notify.error(displayMessageOf(failure));
    }
  };
  return (
    <StaffList
      query={payouts}
      rows={payouts.data}
      loading={<Spinner animation="border" role="status" aria-label="Loading payouts" />}
      empty={<p className="text-muted">This storm has created no payout.</p>}
    >
      {(rows) => (
        <>
          <Button variant="outline-primary" size="sm" className="mb-2" onClick={() => void download()}>Bank-transfer CSV (pending payouts)</Button>
          <ScrollTable label={`Payouts of ${stormName}`} size="sm" hover>
            <thead>
              <tr><th>Policy</th><th>Holder</th><th>Option</th><th>%</th><th>Amount</th><th>Status</th><th>Wire</th></tr>
            </thead>
            <tbody>
              {rows.map((payout) => (
                <tr key={payout.id}>
                  <td className="text-nowrap">{payout.policyNumber}</td>
                  <td>
                    {payout.holderName}
                    {payout.yours ? <OwnRecordBadge duty="payoutWire" /> : null}
                  </td>
                  <td>{payout.optionId}</td>
                  <td className="text-nowrap">
                    {payout.percent}
                    {payout.percent < payout.contractPercent && <span className="text-muted small"> of {payout.contractPercent}</span>}
                  </td>
                  <td className="text-nowrap">{payout.amount.formatted}</td>
                  <td><Badge bg={payout.status === 'PAID' ? 'success' : 'warning'} text={payout.status === 'PAID' ? undefined : 'dark'}>{payout.status}{payout.acknowledged ? ', acknowledged' : ''}</Badge></td>
                  <td>{payout.status === 'PENDING' ? (payout.yours ? <span className="small text-body-secondary">Another administrator records it</span> : <WireForm payout={payout} />) : `${payout.wireReference ?? ''}${payout.paidAt ? `, ${formatLocalLongDate(payout.paidAt)}` : ''}`}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </StaffList>
  );
}

const ISLANDS: readonly CountryCode[] = COUNTRY_CODES;

/** The islands a track came within 300 km of (the contract's own pass); both when it came near neither. */
function islandsNear(track: StormTrackItem): CountryCode[] {
  const storm = { ...track, points: track.points.map((point) => ({ ...point, status: point.status as StormStatus, recordFlag: null })) };
  const near = ISLANDS.filter((country) => nearbySamples(storm, country).length > 0);
  return near.length > 0 ? near : [...ISLANDS];
}

/** The storm's track over the islands it came near, with their boxes (the same map as the holder's tracker). */
function StormTrackMap({ stormId, stormName }: { stormId: string; stormName: string }) {
  const track = useStormTrack(stormId);
  const countries = useMemo(() => (track.data ? islandsNear(track.data) : []), [track.data]);
  if (track.isPending) return <Spinner animation="border" role="status" aria-label="Loading the map" />;
  if (track.isError) return <Alert variant="danger">{displayMessageOf(track.error)}</Alert>;
  const names = countries.map((country) => COUNTRIES[country].name).join(' and ');
  return (
    <StormMap
      countries={countries}
      tracks={[track.data]}
      title={`Map of ${stormName} (${stormId}) near ${names}`}
      description={`${names} with box 1 (within 25 km) and box 2 (within 100 km), and the track of ${stormName} coloured by class.`}
    />
  );
}

/** Admin: storms stored (import more), and each storm's payouts with the transfer file and the wires. */
export function StormPayoutsPage() {
  usePageTitle('Storm payouts');
  const storms = useStorms();
  const [open, setOpen] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  // The shipped history is 220 storms: storms with payouts and the latest few come first.
  const all = storms.data ?? [];
  const shown = showAll ? all : all.filter((storm, index) => storm.payoutCount > 0 || index < RECENT_STORMS);
  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">Storm payouts</h1>
      <ImportCard />
      <SourcesPanel />
      <StaffList
        query={storms}
        rows={storms.data}
        loading="Loading..."
        empty={<EmptyState title="No storms stored yet" />}
        failure={(error) => <Alert variant="danger">{displayMessageOf(error)}</Alert>}
      >
        {/* The rows shown are `shown`: the storms with payouts and the latest, or all. */}
        {() => (
          <div className="d-grid gap-2">
            {shown.map((storm) => (
              <Card key={storm.id}>
                <Card.Body>
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <div>
                      <h2 className="h6 mb-1">
                        {stormDisplayName(storm.name)} <span className="text-body-secondary">({storm.id})</span>
                      </h2>
                      <small className="text-muted">
                        {storm.pointCount} track points, last {formatLocalLongDate(storm.lastPointAt)}
                        {storm.evaluations.map((evaluation) => ` · ${evaluation.countryName} ${evaluation.seasonYear}: box 1 ${evaluation.c1 ?? 'none'}, box 2 ${evaluation.c2 ?? 'none'}`).join('')}
                      </small>
                    </div>
                    <div className="text-end">
                      <div>{storm.payoutCount} payouts ({storm.paidCount} paid), {storm.payoutTotal.formatted}</div>
                      <Button variant="link" size="sm" onClick={() => setOpen(open === storm.id ? null : storm.id)} aria-expanded={open === storm.id}>
                        {open === storm.id ? 'Hide details' : storm.payoutCount > 0 ? 'Show payouts and map' : 'Show map'}
                      </Button>
                    </div>
                  </div>
                  {open === storm.id && (
                    <Row className="mt-3 g-3">
                      <Col lg={storm.payoutCount > 0 ? 4 : 6}>
                        <StormTrackMap stormId={storm.id} stormName={stormDisplayName(storm.name)} />
                      </Col>
                      {storm.payoutCount > 0 && (
                        <Col lg={8}>
                          <PayoutsTable stormId={storm.id} stormName={stormDisplayName(storm.name)} />
                        </Col>
                      )}
                    </Row>
                  )}
                </Card.Body>
              </Card>
            ))}
            {shown.length < all.length && (
              <Button variant="outline-secondary" onClick={() => setShowAll(true)}>
                Show all {all.length} storms
              </Button>
            )}
          </div>
        )}
      </StaffList>
    </Container>
  );
}
