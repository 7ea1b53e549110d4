import { cancelledPaymentsText } from '@fhp/domain';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import type { MyPolicyDetail } from './api';
import { Facts } from './Facts';
import { dayMonthYearOf } from './format';

type Payments = MyPolicyDetail['payments'];

/** The payments received, by receipt (every state). */
function PaymentsReceived({ payments }: { payments: Payments['payments'] }) {
  if (payments.length === 0) return null;
  return (
    <Table responsive size="sm" className="mt-3 mb-0">
      <caption>Payments received</caption>
      <thead>
        <tr>
          <th scope="col">Receipt</th>
          <th scope="col">Paid on</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id}>
            <td>{payment.receiptNumber}</td>
            <td>{dayMonthYearOf(payment.paidOn)}</td>
            <td>{payment.amount.formatted}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The policy's Payments section. A cancelled policy owes nothing (issue 20 item 3): it shows what
 * was paid and the refund due (product decisions: partial payments are flagged for refund), and
 * neither "Still owed", a minimum due nor the instalment schedule, which no longer apply.
 */
export function PaymentsSection({ status, payments }: { status: string; payments: Payments }) {
  if (status === 'CANCELED') {
    return (
      <>
        <Facts
          rows={[
            ['Premium payable', payments.payable.formatted],
            ['Paid', payments.paid.formatted],
            ['Refund due', payments.refundDue.formatted],
          ]}
        />
        <p className="mt-3 mb-0">{cancelledPaymentsText(payments.refundDue.cents)}</p>
        <PaymentsReceived payments={payments.payments} />
      </>
    );
  }
  return (
    <>
      <Facts
        rows={[
          ['Premium payable', payments.payable.formatted],
          ['Paid', payments.paid.formatted],
          ['Still owed', payments.outstanding.formatted],
          ...(payments.minDue.amount.cents > 0
            ? ([['Minimum due', `${payments.minDue.amount.formatted}${payments.minDue.dueDate ? ` by ${dayMonthYearOf(payments.minDue.dueDate)}` : ''}`]] as [string, ReactNode][])
            : []),
        ]}
      />
      <Table responsive size="sm" className="mt-3 mb-0">
        <caption>Payment schedule</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Due</th>
            <th scope="col">Amount</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {payments.schedule.map((row) => (
            <tr key={row.number}>
              <td>{row.number}</td>
              <td>{dayMonthYearOf(row.dueDate)}</td>
              <td>{row.amount.formatted}</td>
              <td>{row.state.replace('_', ' ').toLowerCase()}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <PaymentsReceived payments={payments.payments} />
    </>
  );
}
