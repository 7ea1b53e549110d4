import { describe, expect, it } from 'vitest';
import { ADMIN_CONFIG_MESSAGES, holderLimitsInputSchema } from '../schemas/admin-config';
import { HOLDER_LIMIT_DEFAULTS, holderLimitRefusal } from './holder-limits';

describe('holderLimitRefusal', () => {
  const check = (policies: number, heldCents: number, coverageCents: number) =>
    holderLimitRefusal({ country: 'gd', seasonYear: 2027, limits: HOLDER_LIMIT_DEFAULTS, held: { policies, coverageCents: heldCents }, coverageCents });

  it('starts from the decision’s figures: 5 policies and EC$540,000 of cover per holder, country and season', () => {
    expect(HOLDER_LIMIT_DEFAULTS).toEqual({ maxPolicies: 5, maxCoverageCents: 54_000_000 });
  });

  it('lets a purchase through up to both limits, exactly', () => {
    expect(check(4, 10_000_000, 2_500_000)).toBeUndefined();
    expect(check(1, 27_000_000, 27_000_000)).toBeUndefined();
  });

  it('names the policy limit and what the holder already holds', () => {
    expect(check(5, 10_000_000, 2_500_000)).toBe(
      'One holder may hold at most 5 policies in Grenada for the 2027 season, and you already hold 5. Cancelled policies do not count.',
    );
  });

  it('names the cover limit, what the holder holds, and what still fits', () => {
    expect(check(2, 52_500_000, 2_500_000)).toBe(
      'One holder may hold at most EC$540,000.00 of cover in Grenada for the 2027 season; you already hold EC$525,000.00, so this EC$25,000.00 policy would go over it. A cover of at most EC$15,000.00 still fits.',
    );
    expect(check(2, 53_950_000, 130_000)).toMatch(/you already hold EC\$539,500.00, so this EC\$1,300.00 policy would go over it\. No further policy fits\.$/);
  });
});

describe('holderLimitsInputSchema', () => {
  const valid = { country: 'dm', seasonYear: 2027, maxPolicies: 3, maxCoverage: '300,000' };

  it('takes the cover in EC$ as typed and leaves it in cents', () => {
    expect(holderLimitsInputSchema.parse(valid)).toEqual({ country: 'dm', seasonYear: 2027, maxPolicies: 3, maxCoverage: 30_000_000 });
    expect(holderLimitsInputSchema.parse({ ...valid, maxCoverage: 1300.5 }).maxCoverage).toBe(130_050);
  });

  it('refuses with the admin’s sentence', () => {
    const message = (patch: Record<string, unknown>) => holderLimitsInputSchema.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;
    expect(message({ maxPolicies: 0 })).toBe(ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid);
    expect(message({ maxPolicies: 2.5 })).toBe(ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid);
    expect(message({ maxPolicies: 1001 })).toBe(ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid);
    for (const maxCoverage of ['', 'lots', '1,299.99', '12.345', '-5', '10,000,000.01', '1e9', '99999999999999999999']) {
      expect({ maxCoverage, message: message({ maxCoverage }) }).toEqual({ maxCoverage, message: ADMIN_CONFIG_MESSAGES.maxCoverageInvalid });
    }
    expect(message({ country: 'xx' })).toBe(ADMIN_CONFIG_MESSAGES.countryInvalid);
    expect(ADMIN_CONFIG_MESSAGES.maxPoliciesInvalid).toBe('The most policies per holder must be a whole number from 1 to 1,000');
  });
});
