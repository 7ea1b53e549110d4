import { formatMoney, fromCents } from '@fhp/domain';

/** An amount in EC$ with two decimals; the machine-readable value rides along for assistive tech and tests. */
export function Money({ cents, className }: { cents: number; className?: string }) {
  return (
    <data value={fromCents(cents)} className={className}>
      {formatMoney(cents)}
    </data>
  );
}
