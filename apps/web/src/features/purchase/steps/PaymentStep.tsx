import {
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_CHANNELS,
  PAYMENT_PLAN_LABELS,
  PURCHASE_MESSAGES,
  PURCHASE_REFUSAL_CODES,
  type PaymentChannel,
  type PaymentPlan,
} from '@fhp/domain';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ErrorDialog } from '../../../components/ErrorDialog';
import { Money } from '../../../components/Money';
import { ApiError, displayMessageOf } from '../../../lib/graphql/errors';
import { MandatoryNote, RequiredMark } from '../components/fields';
import { ScheduleTable } from '../components/ScheduleTable';
import { StepActions, StepFrame } from '../components/StepFrame';
import { amountDueCents, paymentOptions, scheduleFor } from '../state/payment';
import type { ChosenOption, PurchaseResult } from '../state/purchaseData';

interface PaymentStepProps {
  option: ChosenOption;
  plan: PaymentPlan | null;
  channel: PaymentChannel | null;
  today: string;
  deadline: string;
  onChange: (plan: PaymentPlan | null, channel: PaymentChannel | null) => void;
  onBack: () => void;
  /** Sends PurchasePolicy with the chosen plan and channel; resolves with the provisional policy. */
  onConfirm: (plan: PaymentPlan, channel: PaymentChannel) => Promise<PurchaseResult>;
  /** The server said the price changed since the options step: show the customer the new one. */
  onPriceChanged: () => void;
  onDone: (result: PurchaseResult) => void;
}

export function PaymentStep({ option, plan, channel, today, deadline, onChange, onBack, onConfirm, onPriceChanged, onDone }: PaymentStepProps) {
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [priceChanged, setPriceChanged] = useState(false);
  // A second click can arrive before React re-renders the disabled button; the ref stops it.
  const inFlight = useRef(false);
  const available = paymentOptions(today, deadline);
  const schedule = plan && available.ok ? scheduleFor(option, plan, today, deadline) : null;
  const planError = submitted && plan === null ? PURCHASE_MESSAGES.paymentPlanRequired : undefined;
  const channelError = submitted && channel === null ? PURCHASE_MESSAGES.paymentChannelRequired : undefined;

  async function confirm() {
    setSubmitted(true);
    if (!plan || !channel || inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFailure(null);
    try {
      onDone(await onConfirm(plan, channel));
    } catch (error) {
      setPriceChanged(error instanceof ApiError && error.code === PURCHASE_REFUSAL_CODES.PRICE_CHANGED);
      setFailure(displayMessageOf(error));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  if (!available.ok) {
    return (
      <StepFrame title="Payment Method">
        <Alert variant="warning">{available.message}</Alert>
      </StepFrame>
    );
  }

  return (
    <StepFrame
      title="Payment Method"
      intro={
        <>
          You owe <Money cents={amountDueCents(option)} className="fw-semibold text-body" /> in total. The full premium must be paid by the
          payment deadline, or the policy is cancelled.
        </>
      }
    >
      <Form noValidate onSubmit={(event) => { event.preventDefault(); void confirm(); }}>
        <MandatoryNote />
        <fieldset className="mb-4" aria-describedby={planError ? 'payment-plan-error' : undefined}>
          <legend className="h6">
            How do you want to pay?
            <RequiredMark />
          </legend>
          {available.plans.map((candidate) => (
            <Form.Check
              key={candidate}
              type="radio"
              name="payment-plan"
              id={`payment-plan-${candidate}`}
              label={PAYMENT_PLAN_LABELS[candidate]}
              checked={plan === candidate}
              isInvalid={Boolean(planError)}
              onChange={() => onChange(candidate, channel)}
            />
          ))}
          {planError && (
            <div id="payment-plan-error" className="invalid-feedback d-block">
              {planError}
            </div>
          )}
        </fieldset>
        {schedule && (
          <Card body className="mb-4 purchase-narrow-form">
            <ScheduleTable
              caption="Your payment schedule"
              rows={schedule.instalments.map((row) => ({ number: row.number, dueDate: row.dueDate, amountCents: row.amountCents }))}
            />
          </Card>
        )}
        <fieldset className="mb-3" aria-describedby={channelError ? 'payment-channel-error' : undefined}>
          <legend className="h6">
            Where will you pay?
            <RequiredMark />
          </legend>
          {PAYMENT_CHANNELS.map((candidate) => (
            <Form.Check
              key={candidate}
              type="radio"
              name="payment-channel"
              id={`payment-channel-${candidate}`}
              label={PAYMENT_CHANNEL_LABELS[candidate]}
              checked={channel === candidate}
              isInvalid={Boolean(channelError)}
              onChange={() => onChange(plan, candidate)}
            />
          ))}
          {channelError && (
            <div id="payment-channel-error" className="invalid-feedback d-block">
              {channelError}
            </div>
          )}
        </fieldset>
        {channel === 'CREDIT_UNION' && (
          <p className="small text-body-secondary">Pay at the counter of any partner credit union; the teller records your payment against your policy number.</p>
        )}
        {channel === 'BANK_TRANSFER' && (
          <p className="small text-body-secondary">
            Your bank-transfer reference is made from your policy number, so it appears on the next screen once the policy exists. Write it in
            the payment details of every transfer so we can match your payment.
          </p>
        )}
        <StepActions onBack={onBack} submitLabel="Confirm purchase" busy={pending} busyLabel="Please wait while we create your policy..." />
      </Form>
      {pending && <span className="visually-hidden" role="status">Please wait while we create your policy...</span>}
      <ErrorDialog
        show={failure !== null}
        description={failure ?? undefined}
        // A changed price is not retried: the customer sees the new price first (nothing was bought).
        {...(priceChanged ? { action: { label: 'Review the new price', onAction: onPriceChanged } } : { onRetry: () => void confirm() })}
        onClose={() => setFailure(null)}
      />
    </StepFrame>
  );
}

