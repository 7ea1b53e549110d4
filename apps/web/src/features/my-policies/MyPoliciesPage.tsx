import { POLICY_STATUS_LABELS, isPolicyStatus, type MyPolicyList } from '@fhp/domain';
import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { POLICY_STATUS_VARIANTS } from '../../lib/statusVariants';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMyPolicies, type MyPolicyCard } from './api';
import { dayMonthYear } from './format';
import { detailPath } from './paths';
import { LIST_FAILED, LIST_TEXTS } from './texts';
import './my-policies.css';

const PAGE_SIZE = 10;

export function StatusBadge({ status }: { status: string }) {
  const variant = isPolicyStatus(status) ? POLICY_STATUS_VARIANTS[status] : 'secondary';
  return (
    <Badge bg={variant} text={variant === 'warning' || variant === 'light' ? 'dark' : undefined}>
      {isPolicyStatus(status) ? POLICY_STATUS_LABELS[status] : status}
    </Badge>
  );
}

function PolicyCard({ list, card }: { list: MyPolicyList; card: MyPolicyCard }) {
  return (
    <Card as="li" className="policy-card h-100">
      <Card.Body className="d-flex flex-column gap-2">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <h2 className="h6 mb-0">{card.optionTitle}</h2>
          <StatusBadge status={card.status} />
        </div>
        <dl className="policy-card-facts mb-0">
          <dt>Policy number</dt>
          <dd>
            <code className="text-nowrap">{card.policyNumber}</code>
          </dd>
          <dt>Created</dt>
          <dd>{dayMonthYear(card.createdAt)}</dd>
          <dt>Coverage</dt>
          <dd>{card.coverage.formatted}</dd>
        </dl>
        <Link className="btn btn-outline-primary btn-sm mt-auto align-self-start stretched-link" to={detailPath(list, card.policyNumber)}>
          {/* The name starts with what is shown, so "click View details" works by voice too. */}
          View details<span className="visually-hidden"> of policy {card.policyNumber}</span>
        </Link>
      </Card.Body>
    </Card>
  );
}

function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Policy pages" className="mt-4">
      <Pagination className="flex-wrap">
        <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Pagination.Prev>
        {Array.from({ length: totalPages }, (_, index) => index + 1).map((number) => (
          <Pagination.Item key={number} active={number === page} onClick={() => onPage(number)} aria-label={`Page ${number}`}>
            {number}
          </Pagination.Item>
        ))}
        <Pagination.Next disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Pagination.Next>
      </Pagination>
    </nav>
  );
}

/** The list could not be read: says so, with Retry, in place of the list (never "No Policies found"). */
function ListFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="text-center py-5 px-3 border rounded-3 bg-light">
      <h2 className="h5">{LIST_FAILED.title}</h2>
      <p className="text-body-secondary">{LIST_FAILED.detail}</p>
      <Button variant="primary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/** One of the three lists (actual, provisional, archived), ten a page, newest purchase first. */
export function MyPoliciesPage({ list }: { list: MyPolicyList }) {
  const texts = LIST_TEXTS[list];
  usePageTitle(texts.title);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [typed, setTyped] = useState('');
  const query = useMyPolicies(list, (page - 1) * PAGE_SIZE, filter);
  const result = query.data;

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilter(typed.trim());
  };

  return (
    <section aria-labelledby="my-policies-title" className="my-policies">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="my-policies-title" className="h3 mb-0">
          {texts.title}
        </h1>
        {list === 'ARCHIVED' && (
          <div className="d-flex flex-wrap gap-2">
            <Form className="d-flex gap-2" role="search" onSubmit={applyFilter}>
              <Form.Control
                size="sm"
                placeholder="Filter by policy number"
                aria-label="Filter by policy number"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
              <Button size="sm" type="submit" variant="outline-primary">
                Filter
              </Button>
            </Form>
            <Button size="sm" variant="outline-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              Refresh
            </Button>
          </div>
        )}
      </div>
      {query.isPending ? (
        <LoadingScreen label={texts.loading} />
      ) : query.isError ? (
        <ListFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !result || result.data.length === 0 ? (
        <EmptyState title={texts.empty}>{texts.emptyDetail}</EmptyState>
      ) : (
        <>
          <p className="text-body-secondary small" aria-live="polite">
            {result.totalCount} {result.totalCount === 1 ? 'policy' : 'policies'}, page {result.currentPage} of {result.totalPages}
          </p>
          <ul className="policy-grid list-unstyled mb-0">
            {result.data.map((card) => (
              <PolicyCard key={card.policyId} list={list} card={card} />
            ))}
          </ul>
          <Pager page={result.currentPage} totalPages={result.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
