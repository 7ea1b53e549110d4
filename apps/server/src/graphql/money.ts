import { moneyView, type Cents, type MoneyView } from '@fhp/domain';
import { builder } from './builder';

/**
 * Money travels as integer cents inside the server and leaves as the domain's `MoneyView`. A field
 * of this type resolves to `money(cents)`: the view is built once and its fields are plain exposed
 * properties, so graphql-jit reads them inline instead of calling three resolvers per amount.
 */
export const MoneyRef = builder.objectRef<MoneyView>('Money').implement({
  description: 'An amount in EC$: `raw` in dollars (2470), `cents` (247000), `formatted` ("EC$2,470.00").',
  fields: (t) => ({
    raw: t.exposeFloat('raw'),
    cents: t.exposeInt('cents'),
    formatted: t.exposeString('formatted'),
  }),
});

/** What a `Money` field resolves to. */
export function money(cents: Cents): MoneyView {
  return moneyView(cents);
}
