import { formatLongDate, formatLongDateTime, formatMoney, PAYMENT_CHANNEL_LABELS, type PaymentChannel } from '@fhp/domain';
import { PdfWriter } from '../documents';

export interface ReceiptInput {
  receiptNumber: string;
  policyNumber: string;
  holderName: string;
  amountCents: number;
  channel: PaymentChannel;
  reference: string;
  paidOn: string;
  recordedAt: Date;
  recordedBy: string;
  outstandingAfterCents: number;
  /** What the holder owes in all (the discounted premium when an offer applied). */
  payableCents: number;
}

/** A payment receipt the teller prints or downloads (and the holder can download). */
export async function renderReceiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create(
    {
      title: 'Payment Receipt',
      reference: input.receiptNumber,
      footerNote: `Receipt ${input.receiptNumber} for policy ${input.policyNumber}. Keep it until your policy is issued.`,
    },
    { subject: `Receipt ${input.receiptNumber}`, createdAt: input.recordedAt },
  );
  writer.paragraph(`Received with thanks: ${formatMoney(input.amountCents)}`, { size: 18, bold: true });
  writer.paragraph(`Premium payment for Flexible Hurricane Protection policy ${input.policyNumber}.`);
  writer.space(4);
  writer.section('Payment');
  writer.facts([
    ['Receipt number', input.receiptNumber],
    ['Policy number', input.policyNumber],
    ['Policyholder', input.holderName],
    ['Amount', formatMoney(input.amountCents)],
    ['Paid', PAYMENT_CHANNEL_LABELS[input.channel]],
    ['Payment reference', input.reference],
    ['Paid on', formatLongDate(input.paidOn)],
    ['Recorded', formatLongDateTime(input.recordedAt)],
    ['Recorded by', input.recordedBy],
    ['Outstanding after this payment', formatMoney(input.outstandingAfterCents)],
  ]);
  writer.section('Premium');
  writer.paragraph(
    input.outstandingAfterCents === 0
      ? `The premium of ${formatMoney(input.payableCents)} is paid in full. The policy contract is issued and emailed to the policyholder.`
      : `Of the premium of ${formatMoney(input.payableCents)}, ${formatMoney(input.outstandingAfterCents)} is still to be paid by the payment deadline.`,
  );
  return writer.finish();
}
