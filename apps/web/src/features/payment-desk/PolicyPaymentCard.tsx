import {
  formatDayMonthYear,
  OWN_RECORD_MESSAGES,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_PLAN_LABELS,
  PAYMENT_STATE_LABELS,
  POLICY_STATUS_LABELS,
  isPolicyStatus,
  type AppAbility,
  type PaymentChannel,
  type PaymentPlan,
  type PaymentState,
} from '@fhp/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Money } from '../../components/Money';
import { OwnRecordBadge } from '../../components/OwnRecordBadge';
import { notify } from '../../components/toast';
import { openPdf } from '../../lib/downloadPdf';
import { displayMessageOf } from '../../lib/graphql/errors';
import { PAYMENT_STATE_VARIANTS, POLICY_STATUS_VARIANTS } from '../../lib/statusVariants';
import type { PolicyPaymentView, RecordPaymentResult } from './api';
import { RecordPaymentForm } from './RecordPaymentForm';

const INSTALMENT_STATE: Record<string, { label: string; variant: string }> = {
  PAID: { label: 'Paid', variant: 'success' },
  PARTLY_PAID: { label: 'Part paid', variant: 'info' },
  DUE: { label: 'Due', variant: 'secondary' },
  OVERDUE: { label: 'Overdue', variant: 'danger' },
};

/** Yellow and light badges need dark text to be readable (WCAG AA). */
function StatusBadge({ variant, children }: { variant: string; children: string }) {
  return (
    <Badge bg={variant} text={variant === 'warning' || variant === 'light' ? 'dark' : undefined}>
      {children}
    </Badge>
  );
}

async function showReceipt(url: string, receiptNumber: string, mode: 'open' | 'download') {
  try {
    await openPdf(url, `${receiptNumber}.pdf`, mode);
  } catch (error) {
    notify.error(displayMessageOf(error));
  }
}

function ReceiptButtons({ url, receiptNumber }: { url: string; receiptNumber: string }) {
  return (
    <span className="d-inline-flex gap-2 flex-wrap">
      <Button size="sm" variant="outline-primary" onClick={() => void showReceipt(url, receiptNumber, 'open')} aria-label={`Print receipt ${receiptNumber}`}>
        Print
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={() => void showReceipt(url, receiptNumber, 'download')} aria-label={`Download receipt ${receiptNumber}`}>
        Download
      </Button>
    </span>
  );
}

interface PolicyPaymentCardProps {
  policy: PolicyPaymentView;
  ability: AppAbility;
  pending: boolean;
  onRecord: (input: { policyNumber: string; amount: string; channel: PaymentChannel; reference: string; paidOn: string }) => Promise<RecordPaymentResult>;
}

/** One policy at the desk: what is owed, the schedule, the payments so far, and the form to record one. */
export function PolicyPaymentCard({ policy, ability, pending, onRecord }: PolicyPaymentCardProps) {
  const [last, setLast] = useState<RecordPaymentResult | null>(null);
  const status = isPolicyStatus(policy.status) ? policy.status : null;
  const headingId = `policy-${policy.policyId}-title`;

  const record: PolicyPaymentCardProps['onRecord'] = async (input) => {
    const result = await onRecord(input);
    setLast(result);
    notify.success(result.contractIssued ? `Payment recorded. Policy ${result.policy.policyNumber} is now issued.` : `Payment recorded: receipt ${result.receiptNumber}.`);
    return result;
  };

  return (
    <Card as="article" className="mb-4 shadow-sm" aria-labelledby={headingId}>
      <Card.Header className="bg-white d-flex flex-wrap align-items-center gap-2 py-3">
        <h2 id={headingId} className="h5 mb-0 me-auto">
          {policy.policyNumber}
        </h2>
        {status ? <StatusBadge variant={POLICY_STATUS_VARIANTS[status]}>{POLICY_STATUS_LABELS[status]}</StatusBadge> : null}
        {/* Nothing paid reads the same as the status itself: only a payment state beyond it gets a badge. */}
        {policy.paymentState !== 'PAYMENT_PENDING' ? (
          <StatusBadge variant={PAYMENT_STATE_VARIANTS[policy.paymentState as PaymentState]}>{PAYMENT_STATE_LABELS[policy.paymentState as PaymentState]}</StatusBadge>
        ) : null}
        {policy.cancellationPending ? <StatusBadge variant="warning">Cancellation requested</StatusBadge> : null}
      </Card.Header>
      <Card.Body>
        <dl className="row desk-facts mb-3">
          <div className="col-12 col-sm-6 col-lg-3">
            <dt>Policyholder</dt>
            <dd>
              {policy.holderName}
              {policy.yours ? <OwnRecordBadge duty="payment" /> : null}
            </dd>
          </div>
          <div className="col-12 col-sm-6 col-lg-3">
            <dt>Cover</dt>
            <dd>
              {policy.countryName}, {policy.optionLabel.split(':')[0]}, <Money cents={policy.coverage.cents} />
            </dd>
          </div>
          <div className="col-12 col-sm-6 col-lg-3">
            <dt>Plan</dt>
            <dd>
              {PAYMENT_PLAN_LABELS[policy.paymentPlan as PaymentPlan] ?? policy.paymentPlan}, {PAYMENT_CHANNEL_LABELS[policy.paymentChannel as PaymentChannel]?.toLowerCase()}
            </dd>
          </div>
          <div className="col-12 col-sm-6 col-lg-3">
            <dt>Bank transfer reference</dt>
            <dd>{policy.bankTransferReference ?? '-'}</dd>
          </div>
        </dl>

        <div className="desk-owed row g-2 mb-4" aria-label="What is owed">
          {[
            ['Premium owed', policy.payable.cents],
            ['Paid', policy.paid.cents],
            ['Outstanding', policy.outstanding.cents],
          ].map(([label, cents]) => (
            <div key={label as string} className="col-6 col-md-3">
              <div className="desk-amount">
                <span>{label}</span>
                <strong>
                  <Money cents={cents as number} />
                </strong>
              </div>
            </div>
          ))}
          {policy.acceptsPayments ? (
            <div className="col-6 col-md-3">
              <div className={`desk-amount${policy.minDue.overdue ? ' is-overdue' : ''}`}>
                <span>{policy.minDue.overdue ? 'Overdue now' : 'Minimum due'}</span>
                <strong>
                  <Money cents={policy.minDue.amount.cents} />
                </strong>
                {policy.minDue.dueDate ? <small>by {formatDayMonthYear(policy.minDue.dueDate)}</small> : null}
              </div>
            </div>
          ) : null}
        </div>

        {policy.refundDue.cents > 0 ? (
          <Alert variant="warning">
            Refund due to the holder: <Money cents={policy.refundDue.cents} />
          </Alert>
        ) : null}

        <h3 className="h6 text-uppercase text-body-secondary">Schedule</h3>
        <Table responsive size="sm" className="align-middle mb-4 desk-table desk-table-stacked">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Due by</th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col" className="text-end">
                Paid
              </th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {policy.schedule.map((instalment) => (
              <tr key={instalment.number}>
                <td data-label="Instalment">{instalment.number}</td>
                <td data-label="Due by">{formatDayMonthYear(instalment.dueDate)}</td>
                <td data-label="Amount" className="text-end">
                  <Money cents={instalment.amount.cents} />
                </td>
                <td data-label="Paid" className="text-end">
                  <Money cents={instalment.paid.cents} />
                </td>
                <td data-label="State">
                  <StatusBadge variant={INSTALMENT_STATE[instalment.state]?.variant ?? 'secondary'}>{INSTALMENT_STATE[instalment.state]?.label ?? instalment.state}</StatusBadge>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>

        <h3 className="h6 text-uppercase text-body-secondary">Payments</h3>
        {policy.payments.length === 0 ? (
          <p className="text-body-secondary">No payment recorded yet.</p>
        ) : (
          <Table responsive size="sm" className="align-middle mb-4 desk-table desk-table-stacked">
            <thead>
              <tr>
                <th scope="col">Receipt</th>
                <th scope="col">Paid on</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col">Reference</th>
                <th scope="col">Recorded by</th>
                <th scope="col">
                  <span className="visually-hidden">Receipt actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {policy.payments.map((payment) => (
                <tr key={payment.id}>
                  <td data-label="Receipt">{payment.receiptNumber}</td>
                  <td data-label="Paid on">{formatDayMonthYear(payment.paidOn)}</td>
                  <td data-label="Amount" className="text-end">
                    <Money cents={payment.amount.cents} />
                  </td>
                  <td data-label="Reference">{payment.reference}</td>
                  <td data-label="Recorded by">{payment.recordedBy}</td>
                  <td className="text-end desk-table-actions">
                    <ReceiptButtons url={payment.receiptUrl} receiptNumber={payment.receiptNumber} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}

        {last ? (
          <Alert variant="success" className="d-flex flex-wrap align-items-center gap-2" role="status">
            <span className="me-auto">
              Receipt <strong>{last.receiptNumber}</strong> recorded.
              {last.contractIssued ? ' The premium is paid in full: the contract is issued and emailed to the holder.' : ''}
            </span>
            <ReceiptButtons url={last.receiptUrl} receiptNumber={last.receiptNumber} />
          </Alert>
        ) : null}

        {policy.acceptsPayments && policy.yours ? (
          <p className="text-body-secondary border-top pt-3 mb-0">{OWN_RECORD_MESSAGES.payment}</p>
        ) : policy.acceptsPayments ? (
          <section aria-label="Record a payment" className="border-top pt-3">
            <h3 className="h6 text-uppercase text-body-secondary">Record a payment</h3>
            <RecordPaymentForm policy={policy} ability={ability} pending={pending} onSubmit={record} />
          </section>
        ) : (
          <p className="text-body-secondary border-top pt-3 mb-0">
            {policy.status !== 'CANCELED' && policy.outstanding.cents === 0 ? 'The premium is paid in full.' : `This policy is ${status ? POLICY_STATUS_LABELS[status].toLowerCase() : policy.status}: it takes no payments.`}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
