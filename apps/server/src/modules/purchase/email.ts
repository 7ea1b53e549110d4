import {
  COUNTRIES,
  formatDayMonthYear,
  formatMoney,
  OPTION_LABELS,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_PLAN_LABELS,
  type CountryCode,
  type OptionId,
  type PaymentChannel,
  type PaymentPlan,
} from '@fhp/domain';
import { BRAND, emailLayout, html, type RenderedEmail } from '../notifications';

export interface ProvisionalPolicyEmailInput {
  holderName: string;
  policyNumber: string;
  country: CountryCode;
  optionId: OptionId;
  coverageCents: number;
  premiumCents: number;
  /** Null when no offer applied. */
  discountedPremiumCents: number | null;
  paymentPlan: PaymentPlan;
  paymentChannel: PaymentChannel;
  bankTransferReference: string | null;
  schedule: { number: number; dueDate: string; amountCents: number }[];
}

/** How to pay, by channel: the policy number or the checked bank reference identifies the payment. */
function howToPay(input: ProvisionalPolicyEmailInput): string {
  if (input.paymentChannel === 'BANK_TRANSFER') {
    return `Pay by bank transfer and write the reference ${input.bankTransferReference ?? input.policyNumber} in the payment details, exactly as shown.`;
  }
  return `Pay at any partner credit union: give the teller your policy number ${input.policyNumber}.`;
}

/**
 * The provisional policy, emailed after a purchase (issue 4). Every value that came from the
 * customer (their name) is escaped in the HTML body; the subject holds only our own policy number.
 */
export function provisionalPolicyEmail(input: ProvisionalPolicyEmailInput): RenderedEmail {
  const payable = input.discountedPremiumCents ?? input.premiumCents;
  const facts: [string, string][] = [
    ['Policy number', input.policyNumber],
    ['Status', 'Provisional, payment pending'],
    ['Country', COUNTRIES[input.country].name],
    ['Policy option', OPTION_LABELS[input.optionId]],
    ['Coverage', formatMoney(input.coverageCents)],
    ['Premium', formatMoney(input.premiumCents)],
    ...(input.discountedPremiumCents === null ? [] : ([['Premium after discount', formatMoney(input.discountedPremiumCents)]] as [string, string][])),
    ['Payment plan', PAYMENT_PLAN_LABELS[input.paymentPlan]],
    ['Where to pay', PAYMENT_CHANNEL_LABELS[input.paymentChannel]],
  ];
  const rows = input.schedule.map((instalment) => [
    String(instalment.number),
    formatDayMonthYear(instalment.dueDate),
    formatMoney(instalment.amountCents),
  ]);
  const pay = howToPay(input);
  const closing = `Your policy is issued once ${formatMoney(payable)} has been paid. You can follow it under My Policies.`;

  const text = [
    `Dear ${input.holderName},`,
    '',
    `Thank you for buying ${BRAND}. Here is your provisional policy.`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'Payment schedule:',
    ...rows.map(([number, date, amount]) => `  ${number}. ${amount} due by ${date}`),
    '',
    pay,
    closing,
  ].join('\n');

  const cell = (value: string) => html`<td style="padding: 4px 12px 4px 0;">${value}</td>`;
  const body = html`<p>Dear ${input.holderName},</p>
<p>Thank you for buying ${BRAND}. Here is your provisional policy.</p>
<table>${facts.map(([label, value]) => html`<tr>${cell(label)}${cell(value)}</tr>`)}</table>
<p style="font-weight: bold;">Payment schedule</p>
<table><tr><th align="left">#</th><th align="left">Due by</th><th align="left">Amount</th></tr>${rows.map(
    (row) => html`<tr>${row.map(cell)}</tr>`,
  )}</table>
<p>${pay}</p>
<p>${closing}</p>`;

  return { subject: `Your provisional policy ${input.policyNumber}`, text, html: emailLayout(body) };
}
