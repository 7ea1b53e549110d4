import { moneyView, quotePremiums } from '@fhp/domain';
import { describe, expect, it } from 'vitest';
import { QuoteViewCache, toQuoteView } from './quote-view';

const DM = { country: 'dm', coverageCents: 2_500_000, discountPercent: 5 };

describe('quote views', () => {
  it('shows every amount of the domain quote as a MoneyView, unchanged', () => {
    const result = quotePremiums(DM);
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

  it('memoises per (country, coverage, discount), keeps at most its size and never caches a refusal', () => {
    const cache = new QuoteViewCache(2);
    const first = cache.quote(DM);
    expect(cache.quote({ ...DM })).toBe(first);
    expect(cache.quote({ ...DM, discountPercent: undefined })).not.toBe(first);
    expect(cache.quote({ ...DM, discountPercent: undefined }).options[0]!.discount).toBeNull();
    cache.quote({ ...DM, coverageCents: 2_600_000 });
    expect(cache.size).toBe(2);
    expect(cache.quote(DM)).not.toBe(first); // the least recently used was dropped
    expect(() => cache.quote({ ...DM, country: 'xx' })).toThrow();
    expect(cache.size).toBe(2);
  });
});
