import { COUNTRIES, formatMoney } from '@fhp/domain';
import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import { BRAND, emailLayout, html, type RenderedEmail } from '../notifications';
import { deliver, type LifecycleDeps } from '../policies/deps';
import type { CreatedPayout, StormAlert } from './evaluation';

/**
 * What the holder hears after an import commits (issue 10 items 4 and 6): one email per payout
 * and per storm alert, and a text as well when the phone is verified. A failed send is logged
 * and never undoes the payout. Subjects carry only our policy numbers and public storm names.
 */

function render(subject: string, paragraphs: string[]): RenderedEmail {
  return { subject, text: paragraphs.join('\n\n'), html: emailLayout(html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}`) };
}

/** Storm names are upper case in HURDAT2: IVAN reads as Ivan. */
export function stormDisplayName(name: string): string {
  return name === 'UNNAMED' ? 'An unnamed system' : name.charAt(0) + name.slice(1).toLowerCase();
}

export function kilometres(metres: number): string {
  return metres === 0 ? 'over the island itself' : `${Math.max(1, Math.round(metres / 1000))} km from the island`;
}

export function payoutEmail(input: { holderName: string; payout: CreatedPayout }): RenderedEmail {
  const { payout } = input;
  const storm = stormDisplayName(payout.stormName);
  return render(`Payout of ${formatMoney(payout.amountCents)} on policy ${payout.policyNumber}`, [
    `Dear ${input.holderName},`,
    `${storm} (${payout.stormId}) met the terms of your ${BRAND} policy ${payout.policyNumber} in ${COUNTRIES[payout.country].name}. A payout of ${formatMoney(payout.amountCents)} (${payout.percent}% of your coverage) has been created.`,
    'No claim is needed: the payout is sent by wire transfer to the bank account in My Payout Details within 15 days of the event. Please make sure those details are up to date.',
  ]);
}

export function payoutSms(payout: CreatedPayout): string {
  return `${BRAND}: ${stormDisplayName(payout.stormName)} triggered a payout of ${formatMoney(payout.amountCents)} on policy ${payout.policyNumber}. No claim needed; paid to your bank account within 15 days.`;
}

export function alertEmail(input: { holderName: string; alert: StormAlert }): RenderedEmail {
  const { alert } = input;
  const storm = stormDisplayName(alert.stormName);
  const island = COUNTRIES[alert.country].name;
  const wind = alert.windKt === null ? '' : `, with winds of ${alert.windKt} knots`;
  return render(`Storm alert: ${storm} near ${island}`, [
    `Dear ${input.holderName},`,
    `${storm} (${alert.categoryLabel}${wind}) came within ${kilometres(alert.closestMetres)} of ${island}, which your policy ${alert.policyNumber} covers. Please follow the advice of your local disaster management office.`,
    'No claim is needed: if the storm meets the terms of your policy, the payout is created automatically and we will email you.',
  ]);
}

export function alertSms(alert: StormAlert): string {
  return `${BRAND}: ${stormDisplayName(alert.stormName)} came within ${kilometres(alert.closestMetres)} of ${COUNTRIES[alert.country].name}. No claim is needed for policy ${alert.policyNumber}.`;
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
    await deliver(deps, 'storm alert email', alert.policyNumber, () => deps.mailer.send({ to: owner.email, ...alertEmail({ holderName: nameOf(owner), alert }) }));
    if (owner.phone && owner.phoneVerified) await deliver(deps, 'storm alert text', alert.policyNumber, () => deps.sms.send({ to: owner.phone!, text: alertSms(alert) }));
  }
  for (const payout of payouts) {
    const owner = owners.get(payout.ownerId);
    if (!owner) continue;
    await deliver(deps, 'payout email', payout.policyNumber, () => deps.mailer.send({ to: owner.email, ...payoutEmail({ holderName: nameOf(owner), payout }) }));
    if (owner.phone && owner.phoneVerified) await deliver(deps, 'payout text', payout.policyNumber, () => deps.sms.send({ to: owner.phone!, text: payoutSms(payout) }));
  }
}
