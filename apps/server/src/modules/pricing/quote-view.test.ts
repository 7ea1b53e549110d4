import { countryConfigFrom, moneyView, SPEC_PRICING } from '@fhp/domain';
import { describe, expect, it } from 'vitest';
import { QuoteMemo, toQuoteView } from './quote-view';

const dmConfig = countryConfigFrom('dm', SPEC_PRICING.dm);
const DM = { country: 'dm', coverageCents: 2_500_000, discountPercent: 5, countryConfig: dmConfig };

describe('quote views', () => {
  it('shows every amount of the domain quote as a MoneyView, unchanged', async () => {
    const { result } = await new QuoteMemo().quote(DM, 'dm-spec');
    const view = toQuoteView(result);
    expect(view.coverage).toEqual(moneyView(result.coverageCents));
    result.options.forEach((o, i) => {
      const v = view.options[i]!;
      expect([v.id, v.label, v.rolPct]).toEqual([o.id, o.label, o.rolPct]);
      expect(v.premium).toEqual(moneyView(o.premiumCents));
      expect(v.coverage).toEqual(moneyView(o.coverageCents));
      expect(v.discount).toEqual({ percent: o.discount!.percent, amount: moneyView(o.discount!.amountCents), premium: moneyView(o.discount!.premiumCents) });
      expect(v.triggeringParams).toEqual(o.triggeringParams.map((p) => ({ id: p.id, params: p.params, coveragePct: p.coveragePct, coverage: moneyView(p.coverageCents) })));
    });
    expect(Object.isFrozen(view.options[0]!.triggeringParams[0]!.params)).toBe(true);
  });

  it('memoises per (pricing, coverage, discount), keeps at most its size and never keeps a refusal', async () => {
    const memo = new QuoteMemo(2);
    const first = await memo.quote(DM, 'dm-spec');
    expect(first.result.options.find((o) => o.id === '3')?.premiumCents).toBe(247000);
    expect(await memo.quote({ ...DM }, 'dm-spec')).toBe(first);
    expect(await memo.quote(DM, 'dm-other-pricing')).not.toBe(first);
    expect((await memo.quote({ ...DM, discountPercent: undefined }, 'dm-spec')).view.options[0]!.discount).toBeNull();
    expect(memo.size).toBe(2);
    expect(await memo.quote(DM, 'dm-spec')).not.toBe(first); // the least recently used was dropped
    await expect(memo.quote({ ...DM, country: 'xx' }, 'xx')).rejects.toThrow('unsupported country xx for this product');
    expect(memo.size).toBe(2);
  });

  it('runs the premium machine once for concurrent requests of the same quote', async () => {
    const memo = new QuoteMemo();
    const [a, b] = await Promise.all([memo.quote(DM, 'dm-spec'), memo.quote(DM, 'dm-spec')]);
    expect(a).toBe(b);
  });
});
