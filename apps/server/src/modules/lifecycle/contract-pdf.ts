import {
  BOX_TYPE_BY_CLASS,
  COUNTRIES,
  CYCLONE_CLASSES,
  CYCLONE_CLASS_LABELS,
  formatLocalLongDate,
  formatLongDate,
  formatLongDateTime,
  formatMoney,
  OPTION_LABELS,
  PAYMENT_PLAN_LABELS,
  PAYOUT_TABLE,
  percentOfCoverageCents,
  type CountryCode,
  type IsoDate,
  type OptionId,
  type PaymentPlan,
} from '@fhp/domain';
import { PdfWriter, qrPng } from '../documents';

export interface ContractInput {
  policyNumber: string;
  holder: { name: string; email: string; vuid: string };
  beneficiary: { firstName: string; lastName: string; addressLine1: string; city: string; country: string };
  country: CountryCode;
  optionId: OptionId;
  coverageCents: number;
  premiumCents: number;
  /** Null without an offer. */
  discountedPremiumCents: number | null;
  paidCents: number;
  paymentPlan: PaymentPlan;
  coverStart: IsoDate;
  coverEnd: IsoDate;
  issuedAt: Date;
  /** The POLICY_ISSUED ledger entry's hash and its explorer link (the QR code). */
  ledgerHash: string;
  explorerUrl: string;
}

const BOX_TEXT = { BOX_1: 'Box 1 (within about 25 km)', BOX_1_AND_2: 'Box 1 or box 2 (within about 100 km)' } as const;

/**
 * The issued policy contract (product-decisions "Policy lifecycle": "policy PDF generated and
 * emailed"): holder, beneficiary, country, option with its payout table, coverage, premium paid,
 * cover term, number, and the proof-ledger entry of its issue with a QR code of that entry's link.
 */
export async function renderContractPdf(input: ContractInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create(
    {
      title: 'Policy Contract',
      reference: input.policyNumber,
      footerNote: `Flexible Hurricane Protection - policy ${input.policyNumber} - issued ${formatLocalLongDate(input.issuedAt)}`,
    },
    { subject: `Parametric hurricane policy ${input.policyNumber}`, createdAt: input.issuedAt },
  );
  const countryName = COUNTRIES[input.country].name;

  writer.paragraph('Parametric Hurricane Policy', { size: 18, bold: true });
  writer.paragraph(
    `This contract certifies that the policyholder named below is insured under the Flexible Hurricane Protection ` +
      `parametric policy for ${countryName} for the cover term stated. The premium has been paid in full.`,
    { size: 10 },
  );
  writer.space(6);

  writer.section('Policy');
  writer.facts([
    ['Policy number', input.policyNumber],
    ['Status', 'Issued (actual policy)'],
    ['Country insured', countryName],
    ['Policy option', OPTION_LABELS[input.optionId]],
    ['Coverage', formatMoney(input.coverageCents)],
    ['Premium paid', formatMoney(input.paidCents)],
    ['Cover term', `${formatLongDate(input.coverStart)} to ${formatLongDate(input.coverEnd)}`],
    ['Issued on', formatLongDateTime(input.issuedAt)],
    ['Payment plan', PAYMENT_PLAN_LABELS[input.paymentPlan]],
    [
      'Premium',
      input.discountedPremiumCents === null
        ? formatMoney(input.premiumCents)
        : `${formatMoney(input.premiumCents)}, ${formatMoney(input.discountedPremiumCents)} after discount`,
    ],
  ]);

  writer.section('Policyholder');
  writer.facts([
    ['Name', input.holder.name],
    ['Account id', input.holder.vuid],
    ['Email', input.holder.email],
  ]);

  writer.section('Beneficiary');
  writer.facts([
    ['Name', `${input.beneficiary.firstName} ${input.beneficiary.lastName}`],
    ['Address', `${input.beneficiary.addressLine1}, ${input.beneficiary.city}, ${input.beneficiary.country.toUpperCase()}`],
  ]);
  writer.paragraph('The beneficiary receives a payout only if the policyholder dies before the payout is triggered.', { size: 8.5 });

  writer.section('Payout table');
  writer.paragraph(
    `A payout is a share of the coverage, set by the strongest class of a tropical cyclone that passes close to ${countryName} ` +
      'during the cover term. Each option covers its own strength and every stronger one.',
    { size: 9.5 },
  );
  writer.table(
    ['Cyclone class', 'Where the storm passes', '% of coverage', 'Payout'],
    CYCLONE_CLASSES.map((cycloneClass) => {
      const percent = PAYOUT_TABLE[input.optionId][cycloneClass];
      return [
        CYCLONE_CLASS_LABELS[cycloneClass],
        BOX_TEXT[BOX_TYPE_BY_CLASS[cycloneClass]],
        `${percent}%`,
        percent === 0 ? '-' : formatMoney(percentOfCoverageCents(input.coverageCents, percent)),
      ];
    }),
    [0.22, 0.4, 0.16, 0.22],
    ['left', 'left', 'right', 'right'],
  );

  writer.section('How payouts work');
  writer.paragraph(
    'No claim is needed. Best-track data of each tropical storm and hurricane is measured against the outline of the insured ' +
      'island: box 1 reaches about 25 km from the shoreline and box 2 about 100 km. The payout is made within 15 days of the event ' +
      'to the policyholder\'s credit union account. Payouts in one cover term are capped at 100% of the coverage, and a storm pays a policy once.',
    { size: 9.5 },
  );

  writer.section('Proof of issue');
  const qr = await writer.doc.embedPng(await qrPng(input.explorerUrl));
  writer.imageWithText(qr, 104, [
    { text: 'This contract is recorded on the Flexible Hurricane Protection proof ledger.', bold: true },
    { text: 'Ledger entry (POLICY_ISSUED) hash:', size: 8.5 },
    { text: input.ledgerHash, size: 8.5, bold: true },
    { text: 'Scan the code or open this link to verify it:', size: 8.5 },
    { text: input.explorerUrl, size: 8.5 },
  ]);

  writer.section('Terms');
  writer.paragraph(
    'Cover runs from 00:00 on the first day to 23:59 on the last day of the cover term, America/Port_of_Spain time. ' +
      'A payout is due only for a tropical storm or hurricane whose qualifying track point lies inside the cover term. ' +
      'Keep this contract with your important papers; the same contract is available under My Policies in the portal.',
    { size: 9 },
  );
  return writer.finish();
}
