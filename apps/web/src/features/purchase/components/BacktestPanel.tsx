import { COUNTRIES, loadPrecomputedBacktest, OPTION_IDS, OPTION_LABELS, type CountryCode, type OptionId } from '@fhp/domain';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import './backtest.css';

/**
 * The back-test on the options step (issue 10 item 9): for the island chosen, what each option
 * would have paid over every recorded storm of the 74 seasons 1950-2023, with today's contract and
 * its 100%-per-season cap: which storms, what share of the coverage, in how many seasons. The
 * numbers are the domain's precomputed `backtest.json`, fetched on demand (a chunk of its own), so
 * the landing page and the first purchase steps never download them.
 */

const displayName = (name: string) => name.charAt(0) + name.slice(1).toLowerCase();

export function BacktestPanel({ country, selected }: { country: CountryCode; selected: string | null }) {
  const record = useQuery({ queryKey: ['backtest'], staleTime: Infinity, retry: false, queryFn: loadPrecomputedBacktest });
  const island = COUNTRIES[country].name;
  const backtest = record.data?.countries[country];

  return (
    <section className="backtest mt-5" aria-labelledby="backtest-title">
      <h3 className="h5 mb-1" id="backtest-title">
        What each option would have paid since 1950
      </h3>
      {backtest ? (
        <>
          <p className="text-body-secondary">
            Every tropical storm and hurricane recorded near {island} in the {backtest.seasonCount} seasons from {backtest.firstSeason} to {backtest.lastSeason}
            {' '}(June to May), judged by the same contract you are buying, at most 100% of the coverage in a season. Past storms do not promise future ones.
          </p>
          <ul className="backtest-list list-unstyled mb-0">
            {OPTION_IDS.map((id: OptionId) => {
              const option = backtest.options[id];
              const [title, storms] = OPTION_LABELS[id].split(': ');
              return (
                <li key={id} className={`backtest-option${selected === id ? ' is-selected' : ''}`} aria-current={selected === id ? 'true' : undefined}>
                  <div className="backtest-head">
                    <span className="backtest-title">
                      <strong>{title}</strong> <span className="text-body-secondary small">{storms}</span>
                      {selected === id && <span className="badge text-bg-primary ms-2">Your choice</span>}
                    </span>
                    <span className="backtest-score">
                      {option.seasonsPaid === 0 ? (
                        <>Never paid in {backtest.seasonCount} years</>
                      ) : (
                        <>
                          Paid in <strong>{option.seasonsPaid}</strong> of {backtest.seasonCount} years · {option.totalPercent}% of the coverage in all
                        </>
                      )}
                    </span>
                  </div>
                  {option.payouts.length > 0 && (
                    <ul className="backtest-storms list-unstyled mb-0" aria-label={`Storms that would have paid under ${title}`}>
                      {option.payouts.map((payout) => (
                        <li key={payout.stormId}>
                          {displayName(payout.name)} {payout.date.slice(0, 4)}
                          <span className="backtest-percent">
                            {payout.paidPercent}%{payout.paidPercent < payout.percent ? ` of ${payout.percent}%` : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : record.isError ? (
        <p className="text-body-secondary mb-0">
          The record of past storms could not be loaded.{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void record.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <p className="text-body-secondary mb-0" role="status">
          Loading the record of past storms...
        </p>
      )}
    </section>
  );
}
