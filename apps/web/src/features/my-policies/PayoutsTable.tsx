import { stormDisplayName } from '@fhp/domain';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { TrackerMonth } from '../../lib/policyPaths';
import type { MyPayoutRow } from './api';
import { dayMonthYearOf } from './format';
import { trackerPath } from './paths';

/**
 * The policy's payouts in three columns that fit a 390 px phone without sideways scrolling (issue
 * 20 item 5): the storm by its name with its id beneath (item 2), the amount with its share of the
 * coverage, and the state with the wire's date and the acknowledgement. Nothing the six columns
 * said is lost; each cell carries two lines instead.
 */
export function PayoutsTable({ policyNumber, payouts, archived = false }: { policyNumber: string; payouts: readonly MyPayoutRow[]; archived?: boolean }) {
  return (
    <Table size="sm" className="payouts-table mb-3">
      <thead>
        <tr>
          <th scope="col">Storm</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {payouts.map((payout) => (
          <tr key={payout.id}>
            <td>
              {payout.stormRef ? (
                <>
                  <Link to={trackerPath(policyNumber, payout.createdOn.slice(0, 7) as TrackerMonth, { archived })}>{payout.stormName ? stormDisplayName(payout.stormName) : payout.stormRef}</Link>
                  {payout.stormName && <small className="d-block text-body-secondary">{payout.stormRef}</small>}
                </>
              ) : (
                'Manual payout'
              )}
            </td>
            <td>
              {payout.amount.formatted}
              <small className="d-block text-body-secondary">{payout.percent}% of coverage</small>
            </td>
            <td>
              {payout.status === 'PAID' ? `Paid${payout.paidOn ? ` ${dayMonthYearOf(payout.paidOn)}` : ''}` : 'Pending'}
              {payout.status === 'PAID' && <small className="d-block text-body-secondary">{payout.acknowledged ? 'Acknowledged' : 'Not acknowledged yet'}</small>}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
