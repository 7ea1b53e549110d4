import { BOX_TYPE_BY_CLASS, CYCLONE_CLASS_LABELS, CYCLONE_CLASSES, formatMoney, isOptionId, PAYOUT_TABLE, payoutAmountCents } from '@fhp/domain';
import Table from 'react-bootstrap/Table';
import { BOX_LABELS } from '../../components/payout/payoutStructure';

/**
 * What the policy's option pays, storm class by storm class, in EC$ of this policy's coverage
 * (the domain's payout rule, for a first payout of the term): what a holder wants to read after a
 * storm, and reads offline from the kept copy of the policy.
 */
export function OptionPayouts({ optionId, coverageCents }: { optionId: string; coverageCents: number }) {
  if (!isOptionId(optionId)) return null;
  const rows = CYCLONE_CLASSES.filter((cycloneClass) => PAYOUT_TABLE[optionId][cycloneClass] > 0);
  return (
    <Table size="sm" className="mt-3 mb-0 option-payouts">
      <caption>What your option pays</caption>
      <thead>
        <tr>
          <th scope="col">Storm passing</th>
          <th scope="col">Share</th>
          <th scope="col">Payout</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((cycloneClass) => {
          const percent = PAYOUT_TABLE[optionId][cycloneClass];
          return (
            <tr key={cycloneClass}>
              <td>
                {CYCLONE_CLASS_LABELS[cycloneClass]}
                <span className="d-block small text-body-secondary">{BOX_LABELS[BOX_TYPE_BY_CLASS[cycloneClass]]}</span>
              </td>
              <td>{percent}%</td>
              <td>{formatMoney(payoutAmountCents(coverageCents, percent, 0))}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
