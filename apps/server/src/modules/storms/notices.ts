import { COUNTRIES, formatMoney, payoutCreatedText, stormDisplayName as displayName } from '@fhp/domain';
import { BRAND, emailLayout, html, type RenderedEmail } from '../notifications';
import type { CreatedPayout, StormAlert } from './evaluation';

/**
 * What the holder hears about a storm (issue 10 items 4 and 6): one email per payout and one per
 * storm alert (one per holder and storm), and a text as well when the phone is verified. They are
 * written from the payout and alert rows into the delivery queue once the import has committed
 * (notice-drain.ts, decision 091). Subjects carry only our policy numbers and public storm names.
 */

/** What a payout's notice says: the payout row, its policy and its storm. */
export type PayoutNotice = Pick<CreatedPayout, 'policyNumber' | 'percent' | 'contractPercent' | 'priorContractPercent' | 'amountCents' | 'stormId' | 'stormName' | 'country'>;

/** What a storm alert says: the alert row and its storm. */
export type AlertNotice = Pick<StormAlert, 'policyNumbers' | 'stormId' | 'stormName' | 'country' | 'closestMetres' | 'categoryLabel' | 'windKt'>;

function render(subject: string, paragraphs: string[]): RenderedEmail {
  return { subject, text: paragraphs.join('\n\n'), html: emailLayout(html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}`) };
}

/** Storm names are upper case in HURDAT2: IVAN reads as Ivan (the domain's rule); a sentence starts "An unnamed system". */
export function stormDisplayName(name: string): string {
  return name === 'UNNAMED' ? 'An unnamed system' : displayName(name);
}

/** How close the storm came, in a holder's words: "came within 12 km of Grenada", "passed over Grenada itself". */
export function approachPhrase(metres: number, island: string): string {
  return metres === 0 ? `passed over ${island} itself` : `came within ${Math.max(1, Math.round(metres / 1000))} km of ${island}`;
}

/**
 * What the payout pays, in the holder's words: the share of the coverage actually paid, and why it
 * is less than the contract's when it is (the 100%-per-term cap) or why there is a second payout
 * for one storm (a top-up after an advisory update raised its class).
 */
export function payoutShare(payout: Pick<PayoutNotice, 'percent' | 'contractPercent' | 'priorContractPercent'>): string {
  const owed = payout.contractPercent - payout.priorContractPercent;
  const share = `${payout.percent}% of your coverage`;
  const capped = payout.percent < owed ? `; the storm's ${owed}% is limited to the ${payout.percent}% of your coverage not yet paid out this term` : '';
  if (payout.priorContractPercent > 0) {
    return `${share}, on top of the ${payout.priorContractPercent}% this storm already gave, since an update of its track raised it to ${payout.contractPercent}%${capped}`;
  }
  return `${share}${capped}`;
}

export function payoutEmail(input: { holderName: string; payout: PayoutNotice }): RenderedEmail {
  const { payout } = input;
  const storm = stormDisplayName(payout.stormName);
  const what = payout.priorContractPercent > 0 ? 'A further payout' : 'A payout';
  return render(`Payout of ${formatMoney(payout.amountCents)} on policy ${payout.policyNumber}`, [
    `Dear ${input.holderName},`,
    `${storm} (${payout.stormId}) met the terms of your ${BRAND} policy ${payout.policyNumber} in ${COUNTRIES[payout.country].name}. ${what} of ${formatMoney(payout.amountCents)} (${payoutShare(payout)}) has been created.`,
    'No claim is needed: the payout is sent by wire transfer to the bank account in My Payout Details within 15 days of the event. Please make sure those details are up to date.',
  ]);
}

/** One plain SMS (160 GSM-7 characters, issue 20 item 9): the domain's text of a created payout. */
export function payoutSms(payout: PayoutNotice): string {
  return payoutCreatedText({ policyNumber: payout.policyNumber, amountCents: payout.amountCents, stormName: payout.stormName });
}

/** "policy FHP-1 covers", "policies FHP-1 and FHP-2 cover". */
function policiesCover(numbers: readonly string[]): string {
  if (numbers.length === 1) return `your policy ${numbers[0]} covers`;
  return `your policies ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]} cover`;
}

export function alertEmail(input: { holderName: string; alert: AlertNotice }): RenderedEmail {
  const { alert } = input;
  const storm = stormDisplayName(alert.stormName);
  const island = COUNTRIES[alert.country].name;
  const wind = alert.windKt === null ? '' : `, with winds of ${alert.windKt} knots`;
  return render(`Storm alert: ${storm} near ${island}`, [
    `Dear ${input.holderName},`,
    `${storm} (${alert.categoryLabel}${wind}) ${approachPhrase(alert.closestMetres, island)}, which ${policiesCover(alert.policyNumbers)}. Please follow the advice of your local disaster management office.`,
    'No claim is needed: if the storm meets the terms of your policy, the payout is created automatically and we will email you.',
  ]);
}

export function alertSms(alert: AlertNotice): string {
  const policies = alert.policyNumbers.length === 1 ? `policy ${alert.policyNumbers[0]}` : `your ${alert.policyNumbers.length} policies there`;
  return `${BRAND}: ${stormDisplayName(alert.stormName)} ${approachPhrase(alert.closestMetres, COUNTRIES[alert.country].name)}. No claim is needed for ${policies}: a payout, if due, is automatic.`;
}
