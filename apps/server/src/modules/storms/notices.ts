import { COUNTRIES, formatMoney } from '@fhp/domain';
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import { BRAND, emailLayout, html, type RenderedEmail } from '../notifications';
import { deliver, type LifecycleDeps } from '../policies/deps';
import type { CreatedPayout, StormAlert } from './evaluation';

/**
 * What the holder hears after an import commits (issue 10 items 4 and 6): one email per payout
 * and one per storm alert (one per holder and storm), and a text as well when the phone is verified. A failed send is logged
 * and never undoes the payout. Subjects carry only our policy numbers and public storm names.
 */

function render(subject: string, paragraphs: string[]): RenderedEmail {
  return { subject, text: paragraphs.join('\n\n'), html: emailLayout(html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}`) };
}

/** Storm names are upper case in HURDAT2: IVAN reads as Ivan. */
export function stormDisplayName(name: string): string {
  return name === 'UNNAMED' ? 'An unnamed system' : name.charAt(0) + name.slice(1).toLowerCase();
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
export function payoutShare(payout: Pick<CreatedPayout, 'percent' | 'contractPercent' | 'priorContractPercent'>): string {
  const owed = payout.contractPercent - payout.priorContractPercent;
  const share = `${payout.percent}% of your coverage`;
  const capped = payout.percent < owed ? `; the storm's ${owed}% is limited to the ${payout.percent}% of your coverage not yet paid out this term` : '';
  if (payout.priorContractPercent > 0) {
    return `${share}, on top of the ${payout.priorContractPercent}% this storm already gave, since an update of its track raised it to ${payout.contractPercent}%${capped}`;
  }
  return `${share}${capped}`;
}

export function payoutEmail(input: { holderName: string; payout: CreatedPayout }): RenderedEmail {
  const { payout } = input;
  const storm = stormDisplayName(payout.stormName);
  const what = payout.priorContractPercent > 0 ? 'A further payout' : 'A payout';
  return render(`Payout of ${formatMoney(payout.amountCents)} on policy ${payout.policyNumber}`, [
    `Dear ${input.holderName},`,
    `${storm} (${payout.stormId}) met the terms of your ${BRAND} policy ${payout.policyNumber} in ${COUNTRIES[payout.country].name}. ${what} of ${formatMoney(payout.amountCents)} (${payoutShare(payout)}) has been created.`,
    'No claim is needed: the payout is sent by wire transfer to the bank account in My Payout Details within 15 days of the event. Please make sure those details are up to date.',
  ]);
}

export function payoutSms(payout: CreatedPayout): string {
  return `${BRAND}: ${stormDisplayName(payout.stormName)} triggered a payout of ${formatMoney(payout.amountCents)} (${payout.percent}% of your coverage) on policy ${payout.policyNumber}. No claim needed; paid to your bank account within 15 days.`;
}

/** "policy FHP-1 covers", "policies FHP-1 and FHP-2 cover". */
function policiesCover(numbers: readonly string[]): string {
  if (numbers.length === 1) return `your policy ${numbers[0]} covers`;
  return `your policies ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]} cover`;
}

export function alertEmail(input: { holderName: string; alert: StormAlert }): RenderedEmail {
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

export function alertSms(alert: StormAlert): string {
  const policies = alert.policyNumbers.length === 1 ? `policy ${alert.policyNumbers[0]}` : `your ${alert.policyNumbers.length} policies there`;
  return `${BRAND}: ${stormDisplayName(alert.stormName)} ${approachPhrase(alert.closestMetres, COUNTRIES[alert.country].name)}. No claim is needed for ${policies}: a payout, if due, is automatic.`;
}

const OWNER_CHUNK = 1_000;

export async function sendStormNotices(deps: Pick<LifecycleDeps, 'db' | 'mailer' | 'sms' | 'log'>, payouts: readonly CreatedPayout[], alerts: readonly StormAlert[]): Promise<void> {
  const ownerIds = [...new Set([...payouts, ...alerts].map((item) => item.ownerId))];
  const owners = new Map<string, typeof users.$inferSelect>();
  for (let start = 0; start < ownerIds.length; start += OWNER_CHUNK) {
    for (const row of await deps.db.select().from(users).where(inArray(users.id, ownerIds.slice(start, start + OWNER_CHUNK)))) owners.set(row.id, row);
  }
  const nameOf = (owner: typeof users.$inferSelect) => [owner.firstName, owner.lastName].filter(Boolean).join(' ') || 'customer';
  // Alerts first: they say the storm is near; the payout email follows.
  for (const alert of alerts) {
    const owner = owners.get(alert.ownerId);
    if (!owner) continue;
    const reference = alert.policyNumbers[0] ?? alert.stormId;
    await deliver(deps, 'storm alert email', reference, () => deps.mailer.send({ to: owner.email, ...alertEmail({ holderName: nameOf(owner), alert }) }));
    if (owner.phone && owner.phoneVerified) await deliver(deps, 'storm alert text', reference, () => deps.sms.send({ to: owner.phone!, text: alertSms(alert) }));
  }
  for (const payout of payouts) {
    const owner = owners.get(payout.ownerId);
    if (!owner) continue;
    await deliver(deps, 'payout email', payout.policyNumber, () => deps.mailer.send({ to: owner.email, ...payoutEmail({ holderName: nameOf(owner), payout }) }));
    if (owner.phone && owner.phoneVerified) await deliver(deps, 'payout text', payout.policyNumber, () => deps.sms.send({ to: owner.phone!, text: payoutSms(payout) }));
  }
}
