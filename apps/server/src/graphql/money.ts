import { moneyView, type Cents } from '@fhp/domain';
import { builder } from './builder';

/** Money travels as integer cents inside the server; this type shows it as raw, cents and text. */
export const MoneyRef = builder.objectRef<Cents>('Money').implement({
  description: 'An amount in EC$: `raw` in dollars (2470), `cents` (247000), `formatted` ("EC$2,470.00").',
  fields: (t) => ({
    raw: t.float({ resolve: (cents) => moneyView(cents).raw }),
    cents: t.int({ resolve: (cents) => cents }),
    formatted: t.string({ resolve: (cents) => moneyView(cents).formatted }),
  }),
});
