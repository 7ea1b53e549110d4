import { describe, expect, it } from 'vitest';
import { emailLayout, html } from '../notifications';
import { provisionalPolicyEmail, type ProvisionalPolicyEmailInput } from './email';

const input: ProvisionalPolicyEmailInput = {
  holderName: 'Ann <script>alert("x")</script> & Co',
  policyNumber: 'FHP-GD-2027-000042',
  country: 'gd',
  optionId: 'T',
  coverageCents: 130_000,
  premiumCents: 13_546,
  discountedPremiumCents: null,
  paymentPlan: 'FULL',
  paymentChannel: 'CREDIT_UNION',
  bankTransferReference: null,
  schedule: [{ number: 1, dueDate: '2027-05-31', amountCents: 13_546 }],
};

describe('provisionalPolicyEmail', () => {
  it('escapes what the customer typed in the HTML body and keeps the subject to our own number', () => {
    const email = provisionalPolicyEmail(input);
    expect(email.subject).toBe('Your provisional policy FHP-GD-2027-000042');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Ann &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
  });

  it('says how to pay at a credit union, without a discount line when no offer applied', () => {
    const email = provisionalPolicyEmail(input);
    expect(email.text).toContain('give the teller your policy number FHP-GD-2027-000042');
    expect(email.text).not.toContain('after discount');
    expect(email.text).toContain('1. EC$135.46 due by 31/05/2027');
  });

  it('uses the notifications frame and renders the fact and schedule rows as table rows', () => {
    const email = provisionalPolicyEmail(input);
    const [frameStart] = emailLayout(html`BODY`).split('BODY');
    expect(email.html.startsWith(frameStart!)).toBe(true);
    expect(email.html).toContain('<tr><td style="padding: 4px 12px 4px 0;">Policy number</td><td style="padding: 4px 12px 4px 0;">FHP-GD-2027-000042</td></tr><tr>');
    expect(email.html).toContain('<td style="padding: 4px 12px 4px 0;">31/05/2027</td><td style="padding: 4px 12px 4px 0;">EC$135.46</td></tr></table>');
  });
});
