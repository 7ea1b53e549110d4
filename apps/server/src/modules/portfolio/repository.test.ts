import { EXPOSURE_PERCENTS, termPayoutCents } from '@fhp/domain';
import { describe, expect, it } from 'vitest';
import { payoutOfSum } from './repository';

describe('payoutOfSum', () => {
  it('equals the sum of each policy rounded half-up on its own, for coverages ending in any cents', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let trial = 0; trial < 200; trial += 1) {
      const rem = next() % 100;
      // Policies of one group all end in `rem` cents: EC$1,300 to EC$270,000 plus those cents.
      const coverages = Array.from({ length: 1 + (next() % 40) }, () => (1300 + (next() % 268_700)) * 100 + rem);
      const sum = coverages.reduce((a, c) => a + c, 0);
      for (const pct of EXPOSURE_PERCENTS) {
        const oneByOne = coverages.reduce((a, c) => a + termPayoutCents(c, 0, pct), 0);
        expect(payoutOfSum(coverages.length, sum, rem, pct)).toBe(oneByOne);
      }
    }
  });
});
