import { zodResolver } from '@hookform/resolvers/zod';
import {
  localIsoDate,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_CHANNELS,
  paymentRefusal,
  recordPaymentInputSchema,
  subject,
  type AppAbility,
  type PaymentChannel,
} from '@fhp/domain';
import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { displayMessageOf } from '../../lib/graphql/errors';
import type { PolicyPaymentView, RecordPaymentResult } from './api';

interface RecordPaymentFormProps {
  policy: PolicyPaymentView;
  ability: AppAbility;
  pending: boolean;
  onSubmit: (input: { policyNumber: string; amount: string; channel: PaymentChannel; reference: string; paidOn: string }) => Promise<RecordPaymentResult>;
}

/**
 * The teller's form: amount, channel, reference, paid-on. Validated with the domain's schema the
 * server uses, then with `paymentRefusal` against what this policy still owes, so the teller reads
 * the server's sentence before anything is sent. Channels are those the caller may record.
 */
export function RecordPaymentForm({ policy, ability, pending, onSubmit }: RecordPaymentFormProps) {
  const today = localIsoDate(new Date());
  const channels = PAYMENT_CHANNELS.filter((channel) => ability.can('create', subject('Payment', { channel })));
  const schema = useMemo(
    () =>
      recordPaymentInputSchema.superRefine((values, context) => {
        const refusal = paymentRefusal(values, {
          outstandingCents: policy.outstanding.cents,
          purchaseDate: policy.purchaseDate,
          today,
          ...(policy.paymentDeadline ? { paymentDeadline: policy.paymentDeadline } : {}),
        });
        if (refusal) context.addIssue({ code: 'custom', path: refusal.includes('paid-on') || refusal.includes('payment deadline') ? ['paidOn'] : ['amount'], message: refusal });
      }),
    [policy.outstanding.cents, policy.purchaseDate, policy.paymentDeadline, today],
  );
  const defaultChannel = channels.includes(policy.paymentChannel as PaymentChannel) ? (policy.paymentChannel as PaymentChannel) : channels[0];
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { policyNumber: policy.policyNumber, amount: '', channel: defaultChannel, reference: '', paidOn: today },
  });
  const { errors } = form.formState;
  const id = (name: string) => `pay-${policy.policyId}-${name}`;
  type TextField = 'amount' | 'reference' | 'paidOn';
  /** A text field's id, validity and registration; its message is tied to it by aria-describedby. */
  const control = (name: TextField) => ({
    id: id(name),
    isInvalid: Boolean(errors[name]),
    'aria-describedby': errors[name] ? id(`${name}-error`) : undefined,
    ...form.register(name),
  });
  const feedback = (name: TextField) => (
    <Form.Control.Feedback type="invalid" id={id(`${name}-error`)}>
      {errors[name]?.message}
    </Form.Control.Feedback>
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ policyNumber: policy.policyNumber, amount: String(form.getValues('amount')), channel: values.channel, reference: values.reference, paidOn: values.paidOn });
      form.reset({ policyNumber: policy.policyNumber, amount: '', channel: values.channel, reference: '', paidOn: today });
    } catch (error) {
      form.setError('root', { message: displayMessageOf(error) });
    }
  });

  return (
    <Form noValidate onSubmit={submit} aria-label={`Record a payment on ${policy.policyNumber}`}>
      <Row className="g-3">
        <Col xs={12} md={6} lg={3}>
          <Form.Label htmlFor={id('amount')}>Amount</Form.Label>
          <InputGroup hasValidation>
            <InputGroup.Text>EC$</InputGroup.Text>
            <Form.Control inputMode="decimal" autoComplete="off" placeholder="0.00" {...control('amount')} />
            {feedback('amount')}
          </InputGroup>
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Form.Label htmlFor={id('channel')}>Paid</Form.Label>
          <Form.Select id={id('channel')} isInvalid={Boolean(errors.channel)} {...form.register('channel')}>
            {channels.map((channel) => (
              <option key={channel} value={channel}>
                {PAYMENT_CHANNEL_LABELS[channel]}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Form.Label htmlFor={id('reference')}>Payment reference</Form.Label>
          <Form.Control autoComplete="off" placeholder="Slip or transaction number" {...control('reference')} />
          {feedback('reference')}
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Form.Label htmlFor={id('paidOn')}>Paid on</Form.Label>
          <Form.Control type="date" min={policy.purchaseDate} max={today} {...control('paidOn')} />
          {feedback('paidOn')}
        </Col>
      </Row>
      {errors.root ? (
        <p className="text-danger mt-3 mb-0" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" /> : null}
          Record payment
        </Button>
      </div>
    </Form>
  );
}
