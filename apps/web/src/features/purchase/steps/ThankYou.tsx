import { bankTransferReference, PAYMENT_CHANNEL_LABELS, PAYMENT_PLAN_LABELS, toCents, type PaymentChannel, type PaymentPlan } from '@fhp/domain';
import { useRef } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { HappyIcon } from '../../../components/MoodIcons';
import { OptionPrice } from '../components/OptionCard';
import { ScheduleTable } from '../components/ScheduleTable';
import { STEP_HEADING_ID, useStepHeadingFocus } from '../components/StepFrame';
import type { PurchaseResult } from '../state/purchaseData';

export const MY_PROVISIONAL_POLICIES = '/my-policies/provisional';

const label = <T extends string>(labels: Record<T, string>, value: string) => labels[value as T] ?? value;

/** The thank-you screen (spec part 1 section 2) with what the customer needs to pay. */
export function ThankYou({ result, onLeave }: { result: PurchaseResult; onLeave: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useStepHeadingFocus(heading);
  const premiumCents = toCents(result.premium);
  const discountedCents = result.discountedPremium === null ? null : toCents(result.discountedPremium);
  const reference =
    result.paymentChannel === 'BANK_TRANSFER' ? (result.bankTransferReference ?? bankTransferReference(result.policyNumber)) : null;
  return (
    <section aria-labelledby={STEP_HEADING_ID} className="text-center purchase-thank-you mx-auto">
      <div className="mb-3">
        <HappyIcon />
      </div>
      <h2 id={STEP_HEADING_ID} ref={heading} tabIndex={-1} className="display-6 fw-bold purchase-step-title">
        Thank You !
      </h2>
      <p className="lead mb-4">Your Provisional Policy has been created and emailed to {result.purchasedBy.email}.</p>
      <Card className="text-start mb-4">
        <Card.Body>
          <h3 className="h5">Your Provisional Policy</h3>
          <dl className="row mb-3 summary-list">
            <dt className="col-sm-5">Policy number</dt>
            <dd className="col-sm-7 fw-semibold">{result.policyNumber}</dd>
            <dt className="col-sm-5">Premium</dt>
            <dd className="col-sm-7">
              <OptionPrice premiumCents={premiumCents} discountedCents={discountedCents} />
            </dd>
            <dt className="col-sm-5">Payment</dt>
            <dd className="col-sm-7">
              {label<PaymentPlan>(PAYMENT_PLAN_LABELS, result.paymentPlan)}, {label<PaymentChannel>(PAYMENT_CHANNEL_LABELS, result.paymentChannel).toLowerCase()}
            </dd>
            {reference && (
              <>
                <dt className="col-sm-5">Bank-transfer reference</dt>
                <dd className="col-sm-7">
                  <code className="fs-5">{reference}</code>
                  <span className="d-block small text-body-secondary">Write it in the payment details of every transfer.</span>
                </dd>
              </>
            )}
          </dl>
          <ScheduleTable
            caption="Payment schedule"
            rows={result.schedule.map((row) => ({ number: row.number, dueDate: row.dueDate, amountCents: row.amount.cents }))}
          />
        </Card.Body>
      </Card>
      <p>You can reach this policy at any time via My Account.</p>
      {!result.purchasedBy.phoneVerified && (
        <p className="text-body-secondary">Verify your phone number in My Account to receive SMS notifications about your policy.</p>
      )}
      <Link to={MY_PROVISIONAL_POLICIES} className="btn btn-primary btn-lg px-5" onClick={onLeave}>
        View My Policies
      </Link>
    </section>
  );
}
