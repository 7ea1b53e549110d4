import { OPTION_ROWS, STORM_COLUMNS } from './payoutStructure';

const CAPTION =
  'Payout as a percentage of your coverage amount, by policy option and by the strongest storm class that passes through the box shown.';

/** The payout structure as a real data table: options in rows, storm classes (and where they must pass) in columns. */
export function PayoutTable() {
  return (
    <>
      <p className="text-body-secondary mb-2" aria-hidden="true">
        {CAPTION}
      </p>
      <p className="small text-body-secondary d-lg-none mb-2">Scroll the table sideways to see every storm class.</p>
      <div className="table-responsive rounded-3 border bg-white" role="region" aria-labelledby="payout-table-caption" tabIndex={0}>
      <table className="payout-table mb-0 align-middle text-center table">
        {/* The visible copy above is for the eye; the caption names the table for assistive tech. */}
        <caption id="payout-table-caption" className="visually-hidden">
          {CAPTION}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="text-start">
              Option
            </th>
            {STORM_COLUMNS.map((column) => (
              <th scope="col" key={column.cycloneClass}>
                <span className="d-block">{column.label}</span>
                <span className="d-block small fw-normal text-body-secondary">{column.boxLabel}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {OPTION_ROWS.map((row) => (
            <tr key={row.optionId}>
              <th scope="row" className="text-start">
                {row.label}
              </th>
              {row.payouts.map((pct, index) =>
                pct === 0 ? (
                  <td key={index} className="text-body-secondary">
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">No payout</span>
                  </td>
                ) : (
                  <td key={index} className="fw-semibold payout-cell" data-pct={pct}>
                    {pct}%
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </>
  );
}
