import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { formatDateTime, payDifferenceSchema, SOURCE_DIFFERENCE_MESSAGES } from '@fhp/domain';
import { ScrollTable } from '../../components/StaffList';
import { notify } from '../../components/toast';
import { displayMessageOf } from '../../lib/graphql/errors';
import { useFeedStatuses, usePayDifference, useSourceDifferences, type FeedStatusItem, type SourceDifferenceItem } from './sources-api';

/* Sources that must agree (issue 22 item 3): each source's figure per option where they differ, paying the difference, silent sources. */

const OPTIONS = ['T', '1', '2', '3', '4', '5'] as const;
const percentOf = (figures: readonly { option: string; percent: number }[], option: string) => figures.find((figure) => figure.option === option)?.percent ?? 0;

/** The polled sources: last answer, failures in a row, and which fell silent while a storm is active. */
export function FeedStatusTable({ feeds }: { feeds: readonly FeedStatusItem[] }) {
  return (
    <ScrollTable label="Advisory feed sources" size="sm">
      <thead>
        <tr><th>Source</th><th>Last answer</th><th>State</th></tr>
      </thead>
      <tbody>
        {feeds.map((feed) => (
          <tr key={feed.source}>
            <td>{feed.source}</td>
            <td>{feed.answeredAt ? formatDateTime(feed.answeredAt) : 'never'}</td>
            <td>
              {feed.silent ? <Badge bg="danger">{feed.answeredAt ? 'Silent for over an hour' : 'Silent: never answered'}</Badge> : <Badge bg="success">Answering</Badge>}
              {feed.failures > 0 && (
                <div className="small text-muted text-break">
                  {feed.failures} failure{feed.failures === 1 ? '' : 's'} in a row{feed.lastError ? `: ${feed.lastError}` : ''}
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** Each source's figure per option beside what is paid; a source's figure above it is marked. */
export function SourceFiguresTable({ difference }: { difference: SourceDifferenceItem }) {
  const where = `${difference.name} (${difference.stormId}) over ${difference.countryName}, ${difference.seasonYear} season`;
  return (
    <ScrollTable label={`Figures of each source for ${where}`} size="sm" className="mb-2">
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Box 1</th>
          {OPTIONS.map((option) => <th scope="col" key={option} className="text-end"><span className="visually-hidden">Option </span>{option}</th>)}
        </tr>
      </thead>
      <tbody>
        {difference.sources.map((source) => (
          <tr key={source.source}>
            <th scope="row" className="fw-normal">{source.source}</th>
            <td>{source.c1 ?? 'none'}</td>
            {OPTIONS.map((option) => {
              const percent = percentOf(source.payouts, option);
              const above = percent > percentOf(difference.paid, option);
              return (
                <td key={option} className={`text-end${above ? ' table-warning fw-semibold' : ''}`}>
                  {percent}%{above && <span className="visually-hidden"> (more than paid)</span>}
                </td>
              );
            })}
          </tr>
        ))}
        <tr className="table-light">
          <th scope="row">Paid</th>
          <td />
          {OPTIONS.map((option) => <td key={option} className="text-end fw-semibold">{percentOf(difference.paid, option)}%</td>)}
        </tr>
      </tbody>
    </ScrollTable>
  );
}

function PayDifferenceForm({ difference }: { difference: SourceDifferenceItem }) {
  const pay = usePayDifference();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `reason-${difference.stormId}-${difference.country}-${difference.seasonYear}`;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = { stormId: difference.stormId, country: difference.country, seasonYear: difference.seasonYear, reason };
    const checked = payDifferenceSchema.safeParse(input);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? SOURCE_DIFFERENCE_MESSAGES.reasonRequired);
    setError(null);
    try {
      const paid = await pay.mutateAsync(input);
      notify.success(`${paid.message} ${paid.total.formatted} in all.`);
      setReason('');
    } catch (failure) {
      setError(displayMessageOf(failure));
    }
  };
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Form.Group controlId={id} className="mb-2">
        <Form.Label className="small">Reason for paying the difference (kept in the transaction log; its fingerprint goes on the proof ledger)</Form.Label>
        <Form.Control as="textarea" rows={2} value={reason} isInvalid={error !== null} onChange={(event) => setReason(event.target.value)} />
        <Form.Control.Feedback type="invalid" role="alert">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" size="sm" variant="warning" disabled={pay.isPending}>
        {pay.isPending ? <Spinner size="sm" animation="border" role="status" aria-label="Paying" /> : 'Pay the difference'}
      </Button>
    </Form>
  );
}

/** One storm, island and season where the sources differ. */
export function SourceDifferenceCard({ difference, children }: { difference: SourceDifferenceItem; children?: React.ReactNode }) {
  return (
    <Card className="mb-2">
      <Card.Body>
        <h3 className="h6">
          {difference.name} <span className="text-muted">({difference.stormId})</span> over {difference.countryName}, {difference.seasonYear} season
          {difference.payable ? <Badge bg="warning" text="dark" className="ms-2">Sources differ</Badge> : <Badge bg="secondary" className="ms-2">Difference paid</Badge>}
        </h3>
        <p className="small text-muted mb-1">
          Per option, % of the coverage. Paid: the figure {difference.sourcesRequired === 1 ? 'of the highest source' : `${difference.sourcesRequired} sources each reach`}
          {difference.approval ? ', or the approved difference' : ''}.
        </p>
        <SourceFiguresTable difference={difference} />
        {difference.approval && (
          <p className="small mb-2">
            Difference approved by {difference.approval.approvedBy} on {formatDateTime(difference.approval.approvedAt)}: “{difference.approval.reason}”
          </p>
        )}
        {children}
      </Card.Body>
    </Card>
  );
}

/** Admin: the advisory feeds' sources and where they differ; hidden while no feed is polled and no source differs. */
export function SourcesPanel() {
  const differences = useSourceDifferences();
  const feeds = useFeedStatuses();
  const rows = differences.data ?? [];
  const sources = feeds.data ?? [];
  if (differences.isError || feeds.isError) return <Alert variant="danger">{displayMessageOf(differences.error ?? feeds.error)}</Alert>;
  if (rows.length === 0 && sources.length === 0) return null;
  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">Advisory feed sources</Card.Title>
        {sources.length > 0 && <FeedStatusTable feeds={sources} />}
        {rows.length > 0 && <p className="mb-2">Where the sources give different figures: what each source computes per option, and what is paid.</p>}
        {rows.map((difference) => (
          <SourceDifferenceCard key={`${difference.stormId}-${difference.country}-${difference.seasonYear}`} difference={difference}>
            {difference.payable && <PayDifferenceForm difference={difference} />}
          </SourceDifferenceCard>
        ))}
      </Card.Body>
    </Card>
  );
}
