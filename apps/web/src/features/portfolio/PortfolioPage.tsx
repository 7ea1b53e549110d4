import { COUNTRIES, formatLongDate, formatMoney, isCountryCode, OPTION_LABELS, POLICY_STATUS_LABELS, stormDisplayName, type OptionId, type PolicyStatus } from '@fhp/domain';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { EmptyState } from '../../components/EmptyState';
import { DEFAULT_ERROR_DESCRIPTION, ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Money } from '../../components/Money';
import { ScrollTable } from '../../components/StaffList';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePortfolio, type HistoricalFilters, type Portfolio, type PortfolioGroup } from './api';
import { BarChart } from './BarChart';
import './portfolio.css';

const PAGE = 20;
const countryName = (code: string) => (isCountryCode(code) ? COUNTRIES[code].name : code.toUpperCase());
const optionName = (id: string) => OPTION_LABELS[id as OptionId] ?? `Option ${id}`;
const statusName = (status: string) => POLICY_STATUS_LABELS[status as PolicyStatus] ?? status;
const policiesText = (rows: readonly { policies: number }[]) => {
  const n = rows.reduce((sum, r) => sum + r.policies, 0);
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'policy' : 'policies'}`;
};

interface Totals {
  key: string;
  label: string;
  policies: number;
  coverageCents: number;
  premiumCents: number;
  collectedCents: number;
  dueCents: number;
}

function totalsBy(groups: readonly PortfolioGroup[], keyOf: (g: PortfolioGroup) => string, labelOf: (key: string) => string): Totals[] {
  const byKey = new Map<string, Totals>();
  for (const g of groups) {
    const key = keyOf(g);
    const t = byKey.get(key) ?? { key, label: labelOf(key), policies: 0, coverageCents: 0, premiumCents: 0, collectedCents: 0, dueCents: 0 };
    t.policies += g.policies;
    t.coverageCents += g.coverageCents;
    t.premiumCents += g.premiumCents;
    t.collectedCents += g.collectedCents;
    t.dueCents += g.dueCents;
    byKey.set(key, t);
  }
  return [...byKey.values()];
}

function TotalsTable({ caption, first, rows }: { caption: string; first: string; rows: readonly Totals[] }) {
  return (
    <ScrollTable label={caption} size="sm" className="portfolio-table align-middle">
      <caption className="caption-top h6 text-body">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col" className="text-end">Policies</th>
          <th scope="col" className="text-end">Coverage</th>
          <th scope="col" className="text-end">Premium</th>
          <th scope="col" className="text-end">Collected</th>
          <th scope="col" className="text-end">Still due</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className="fw-normal">{r.label}</th>
            <td className="text-end">{r.policies.toLocaleString('en-US')}</td>
            <td className="text-end"><Money cents={r.coverageCents} /></td>
            <td className="text-end"><Money cents={r.premiumCents} /></td>
            <td className="text-end"><Money cents={r.collectedCents} /></td>
            <td className="text-end"><Money cents={r.dueCents} /></td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Col xs={6} lg={3}>
      <div className="portfolio-stat h-100">
        <div className="portfolio-stat-label">{label}</div>
        <div className="portfolio-stat-value">{children}</div>
      </div>
    </Col>
  );
}

function Exposure({ portfolio }: { portfolio: Portfolio }) {
  const countries = [...new Set(portfolio.exposureBasis.map((b) => b.country))].sort();
  if (countries.length === 0) return <EmptyState title="No policy is in force or issued">Nothing would be paid if a storm came today.</EmptyState>;
  return (
    <Row className="g-4">
      {countries.map((country) => {
        const scoped = (scope: string) => portfolio.exposureBasis.filter((b) => b.country === country && b.scope === scope);
        const sum = (rows: { remainingCents: number }[]) => rows.reduce((n, b) => n + b.remainingCents, 0);
        const inForce = scoped('IN_FORCE');
        const later = scoped('NOT_STARTED');
        const storms = (scope: string) => portfolio.designStorms.filter((s) => s.country === country && s.scope === scope);
        return (
          <Col key={country} lg={6}>
            <section className="portfolio-panel h-100" aria-labelledby={`exposure-${country}`}>
              <h3 id={`exposure-${country}`} className="h5">
                {countryName(country)}
              </h3>
              <p className="small text-body-secondary mb-2">
                In force today: {policiesText(inForce)}, <Money cents={sum(inForce)} /> of cover left this term.
              </p>
              {inForce.length > 0 ? (
                <BarChart
                  title={`Design storms over ${countryName(country)} today`}
                  scaleCents={sum(inForce)}
                  bars={storms('IN_FORCE').map((s) => ({ label: s.label, parts: [{ name: 'Payout', cents: s.payoutCents, tone: 'primary' }] }))}
                />
              ) : null}
              {later.length > 0 ? (
                <div className="portfolio-later mt-3">
                  <h4 className="h6 mb-1">Cover not started yet (not exposed today)</h4>
                  <p className="small text-body-secondary mb-1">
                    Issued for a later season ({policiesText(later)}): once their cover starts, they would pay
                  </p>
                  <ul className="small mb-0">
                    {storms('NOT_STARTED').map((s) => (
                      <li key={s.label}>
                        {s.label}: <Money cents={s.payoutCents} />
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </section>
          </Col>
        );
      })}
    </Row>
  );
}

function HistoricalStorms({ portfolio, filters, setFilters, fetching }: { portfolio: Portfolio; filters: HistoricalFilters; setFilters: (f: HistoricalFilters) => void; fetching: boolean }) {
  const [typed, setTyped] = useState(filters.search);
  const { totalCount, items } = portfolio.historicalStorms;
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...filters, search: typed.trim(), offset: 0 });
  };
  const last = Math.min(filters.offset + items.length, totalCount);
  return (
    <>
      <Form className="row g-2 align-items-end mb-3" role="search" onSubmit={search}>
        <Form.Group className="col-12 col-md-6" controlId="storm-search">
          <Form.Label className="small mb-1">Storm name or year</Form.Label>
          <Form.Control type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} placeholder="e.g. Ivan, 2017" />
        </Form.Group>
        <Form.Group className="col-8 col-md-4" controlId="storm-island">
          <Form.Label className="small mb-1">Island</Form.Label>
          <Form.Select value={filters.country ?? ''} onChange={(e) => setFilters({ ...filters, country: e.target.value || null, offset: 0 })}>
            <option value="">Both islands</option>
            <option value="gd">Grenada</option>
            <option value="dm">Dominica</option>
          </Form.Select>
        </Form.Group>
        <div className="col-4 col-md-2">
          <Button type="submit" className="w-100">
            Search
          </Button>
        </div>
      </Form>
      {items.length === 0 ? (
        <EmptyState title="No storm found">No shipped storm matches this search.</EmptyState>
      ) : (
        <>
          <BarChart
            title="What each storm would cost the policies in force today"
            bars={items.map((s) => ({ label: `${s.name} ${s.date.slice(0, 4)} (${s.country.toUpperCase()})`, parts: [{ name: 'Payout', cents: s.payoutCents, tone: 'tertiary' }] }))}
          />
          <ScrollTable label="Historical storms, costliest first" size="sm" className="portfolio-table align-middle mt-2">
            <caption className="caption-top small">
              Storms {filters.offset + 1}–{last} of {totalCount}, costliest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Storm</th>
                <th scope="col">Island</th>
                <th scope="col">Date</th>
                <th scope="col" className="text-end">Would pay today</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={`${s.country}-${s.stormId}`}>
                  <th scope="row" className="fw-normal">
                    {stormDisplayName(s.name)} <span className="text-body-secondary">({s.stormId})</span>
                  </th>
                  <td>{countryName(s.country)}</td>
                  <td>{s.date}</td>
                  <td className="text-end"><Money cents={s.payoutCents} /></td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
      <nav className="d-flex align-items-center gap-2" aria-label="Storm pages">
        <span className="me-auto small text-body-secondary">{totalCount} storms</span>
        <Button size="sm" variant="outline-secondary" disabled={fetching || filters.offset === 0} onClick={() => setFilters({ ...filters, offset: Math.max(0, filters.offset - PAGE) })}>
          Previous
        </Button>
        <Button size="sm" variant="outline-secondary" disabled={fetching || last >= totalCount} onClick={() => setFilters({ ...filters, offset: filters.offset + PAGE })}>
          Next
        </Button>
      </nav>
    </>
  );
}

/**
 * The administrators' portfolio (issue 11 item 6): the book by country, option and status, premium
 * collected and still due, and what the design storms and every shipped historical storm would
 * pay on the policies in force today (each capped by what its term has left).
 */
export function PortfolioPage() {
  usePageTitle('Portfolio');
  const [filters, setFilters] = useState<HistoricalFilters>({ search: '', country: null, offset: 0, limit: PAGE });
  const query = usePortfolio(filters);
  const portfolio = query.data;

  return (
    <Container as="section" className="portfolio-page py-4" aria-labelledby="portfolio-title">
      <h1 id="portfolio-title" className="h3 mb-1">
        Portfolio
      </h1>
      {query.isPending ? (
        <LoadingScreen label="Adding up the portfolio..." />
      ) : query.isError || !portfolio ? (
        <ErrorDialog show description={DEFAULT_ERROR_DESCRIPTION} detail={displayMessageOf(query.error)} onRetry={() => void query.refetch()} onClose={() => void query.refetch()} />
      ) : (
        <Body portfolio={portfolio} filters={filters} setFilters={setFilters} fetching={query.isFetching} />
      )}
    </Container>
  );
}

function Body({ portfolio, filters, setFilters, fetching }: { portfolio: Portfolio; filters: HistoricalFilters; setFilters: (f: HistoricalFilters) => void; fetching: boolean }) {
  const all = totalsBy(portfolio.groups, () => 'all', () => 'All');
  const total = all[0] ?? { policies: 0, coverageCents: 0, premiumCents: 0, collectedCents: 0, dueCents: 0 };
  const byCountry = totalsBy(portfolio.groups, (g) => g.country, countryName);
  const byOption = totalsBy(portfolio.groups, (g) => g.optionId, optionName).sort((a, b) => (a.key === 'T' ? -1 : b.key === 'T' ? 1 : a.key.localeCompare(b.key)));
  const byStatus = totalsBy(portfolio.groups, (g) => g.status, statusName);
  return (
    <>
      <p className="text-body-secondary mb-4">As of {formatLongDate(portfolio.asOf)}, islands’ time. Every policy ever sold, whatever its status.</p>
      <Row className="g-3 mb-4">
        <Stat label="Policies">{total.policies.toLocaleString('en-US')}</Stat>
        <Stat label="Coverage">{formatMoney(total.coverageCents)}</Stat>
        <Stat label="Premium collected">{formatMoney(total.collectedCents)}</Stat>
        <Stat label="Premium still due">{formatMoney(total.dueCents)}</Stat>
      </Row>

      <section className="mb-5" aria-labelledby="premium-title">
        <h2 id="premium-title" className="h4">
          Premium collected and still due
        </h2>
        <BarChart
          title="Premium collected and still due by island"
          bars={byCountry.map((c) => ({
            label: c.label,
            parts: [
              { name: 'Collected', cents: c.collectedCents, tone: 'secondary' },
              { name: 'Still due', cents: c.dueCents, tone: 'muted' },
            ],
          }))}
        />
        <p className="small mb-3" aria-hidden="true">
          <span className="portfolio-key portfolio-key-secondary" /> Collected <span className="portfolio-key portfolio-key-muted ms-3" /> Still due
        </p>
        <TotalsTable caption="By island" first="Island" rows={byCountry} />
        <TotalsTable caption="By option" first="Option" rows={byOption} />
        <TotalsTable caption="By status" first="Status" rows={byStatus} />
      </section>

      <section className="mb-5" aria-labelledby="design-title">
        <h2 id="design-title" className="h4">
          Exposure to the design storms
        </h2>
        <p className="text-body-secondary">
          What a Category 5 through each island’s box 1, or a Category 4 through its box 2, would trigger today on the policies in force, each capped at the
          cover its term has not paid out yet.
        </p>
        <Exposure portfolio={portfolio} />
      </section>

      <section aria-labelledby="historical-title">
        <h2 id="historical-title" className="h4">
          Exposure to historical storms
        </h2>
        <p className="text-body-secondary">Each storm of 1950–2023 that would have paid any option, run again over the policies in force today.</p>
        <HistoricalStorms portfolio={portfolio} filters={filters} setFilters={setFilters} fetching={fetching} />
      </section>
    </>
  );
}
