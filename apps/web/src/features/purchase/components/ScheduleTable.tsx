import { formatDayMonthYear } from '@fhp/domain';
import Table from 'react-bootstrap/Table';
import { Money } from '../../../components/Money';

export interface ScheduleRow {
  number: number;
  dueDate: string;
  amountCents: number;
}

/** Instalments with their due dates (DD/MM/YYYY) and EC$ amounts. */
export function ScheduleTable({ rows, caption }: { rows: readonly ScheduleRow[]; caption: string }) {
  return (
    <Table size="sm" className="schedule-table mb-0 align-middle">
      <caption className="caption-top text-body-secondary small">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Payment</th>
          <th scope="col">Due by</th>
          <th scope="col" className="text-end">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.number}>
            <th scope="row" className="fw-normal text-nowrap">
              {rows.length === 1 ? 'Full premium' : `Instalment ${row.number}`}
            </th>
            <td className="text-nowrap">{formatDayMonthYear(row.dueDate)}</td>
            <td className="text-end text-nowrap">
              <Money cents={row.amountCents} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
