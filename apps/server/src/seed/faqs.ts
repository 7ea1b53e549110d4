import type { faqs } from '../db/schema';

type FaqSeed = Omit<typeof faqs.$inferInsert, 'id' | 'updatedAt'>;

/** Customer FAQ: what a buyer asks before paying. Written for this product, not placeholder text. */
export const END_USER_FAQ: FaqSeed[] = [
  {
    dashboard: 'END_USER',
    title: 'How the cover works',
    position: 1,
    queAns: [
      {
        title: 'What is Flexible Hurricane Protection?',
        content:
          'A parametric hurricane policy for homes and small businesses in Grenada and Dominica. It pays a fixed ' +
          'share of your coverage when a tropical storm or hurricane of the strength you chose passes close to ' +
          'your island. There is no loss assessment and no claim to file.',
      },
      {
        title: 'What triggers a payout?',
        content:
          'A storm triggers a payout when the official best-track data shows it inside one of the boxes around ' +
          'the island with a strength your option covers. Tropical storms pay 10% (option T only), Category 1 ' +
          '25%, Category 2 35% and Category 3 50% when they pass through box 1; Category 4 pays 50% and ' +
          'Category 5 pays 100% when they pass through boxes 1 and 2.',
      },
      {
        title: 'What are box 1 and box 2?',
        content:
          'Box 1 is the area within about 25 km of the shoreline, box 2 the area within about 100 km. Box 1 lies ' +
          'inside box 2. The boxes are drawn the same way for Grenada and Dominica.',
      },
      {
        title: 'Which option should I choose?',
        content:
          'Each option covers its own storm strength and everything stronger. Option T pays from a tropical ' +
          'storm upwards and costs the most; option 5 pays only for a Category 5 hurricane and costs the least. ' +
          'Options 1 to 4 sit in between.',
      },
      {
        title: 'Do I need to file a claim?',
        content:
          'No. There are no claim forms and no adjusters. When a storm meets the trigger of your option, we ' +
          'notify you and the payout is made automatically.',
      },
      {
        title: 'How fast is the payout?',
        content:
          'The payout is sent to your credit union account within 15 days of the triggering event.',
      },
      {
        title: 'Can one season pay more than once?',
        content:
          'Yes. Each storm that meets your trigger pays once, and payouts within one policy term add up to at ' +
          'most 100% of your coverage.',
      },
    ],
  },
  {
    dashboard: 'END_USER',
    title: 'Buying and paying',
    position: 2,
    queAns: [
      {
        title: 'When does my policy start and end?',
        content: 'A policy runs for 12 months, from June 1 to May 31 of the following year.',
      },
      {
        title: 'How much cover can I buy?',
        content:
          'Anything from EC$1,300 to EC$270,000. Premiums are shown in Eastern Caribbean dollars (EC$) before ' +
          'you buy, with any discount offered in your country.',
      },
      {
        title: 'Can I pay in instalments?',
        content:
          'Yes. You can pay the whole premium at once or in 2 or 4 equal instalments at a partner credit union ' +
          'or by bank transfer.',
      },
      {
        title: 'What is the payment deadline?',
        content:
          'The premium must be paid in full by May 31 before the season starts. A provisional policy that is ' +
          'not fully paid by then is cancelled, and any partial payment is refunded.',
      },
      {
        title: 'Why do you ask for identity documents (KYC)?',
        content:
          'Know-your-customer checks are required by law before we can issue a policy and send money to you. ' +
          'You upload one ID proof (passport, social security card, national insurance card or driver licence) ' +
          'and one proof of address (utility bill or bank statement) as PNG, JPEG or PDF files.',
      },
      {
        title: 'Who is the beneficiary?',
        content:
          'The beneficiary you name receives the payout only if you, the policy holder, die before a payout ' +
          'is triggered. Otherwise payouts always go to you.',
      },
    ],
  },
];

/** A short FAQ for staff, so the dashboard filter has something to tell apart. */
export const ADMIN_FAQ: FaqSeed[] = [
  {
    dashboard: 'ADMIN',
    title: 'Administration',
    position: 1,
    queAns: [
      {
        title: 'How do I record a payment made at a credit union?',
        content: 'Tellers record counter payments on the policy; the policy is issued when the premium is fully paid.',
      },
    ],
  },
];

export const faqSeed: FaqSeed[] = [...END_USER_FAQ, ...ADMIN_FAQ];
