import { CYCLONE_CLASS_LABELS, OPTION_LABELS, PAYOUT_TABLE, percentOfCoverageCents, toCents } from '@fhp/domain';
import { Money } from '../../components/Money';

// A worked example makes the percentages concrete; the numbers come from the payout table.
const EXAMPLE_COVERAGE_EC = 25_000;
const EXAMPLE_OPTION = '1';
const EXAMPLE_CLASS = 'C2';

export function PayoutExample() {
  const coverageCents = toCents(EXAMPLE_COVERAGE_EC);
  const pct = PAYOUT_TABLE[EXAMPLE_OPTION][EXAMPLE_CLASS];
  const payoutCents = percentOfCoverageCents(coverageCents, pct);
  return (
    <p className="mb-0">
      <strong>Example:</strong> with <Money cents={coverageCents} /> of coverage under {OPTION_LABELS[EXAMPLE_OPTION]}, a{' '}
      {CYCLONE_CLASS_LABELS[EXAMPLE_CLASS]} hurricane passing through box 1 pays {pct}%, that is{' '}
      <Money cents={payoutCents} className="fw-semibold" />, straight to your credit union account.
    </p>
  );
}
