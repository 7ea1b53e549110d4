import type { MoneyView, QuoteInput, QuoteResult } from '@fhp/domain';
import { PREMIUM_MACHINE_CONFIG, runPremiumMachine } from '@fhp/domain';
import { money } from '../../graphql/money';

/**
 * A quote as the API shows it: every amount already a `MoneyView` and every field a plain
 * property, so the compiled GraphQL query reads the tree without calling a resolver per field.
 * Shared between requests, hence deeply frozen.
 */
export interface TriggeringParamView {
  readonly id: number;
  readonly params: readonly string[];
  readonly coveragePct: number;
  readonly coverage: MoneyView;
}
export interface DiscountView {
  readonly percent: number;
  readonly amount: MoneyView;
  readonly premium: MoneyView;
}
export interface QuoteOptionView {
  readonly id: string;
  readonly label: string;
  readonly rolPct: number;
  /** Before any discount. */
  readonly premium: MoneyView;
  readonly coverage: MoneyView;
  readonly discount: DiscountView | null;
  readonly triggeringParams: readonly TriggeringParamView[];
}
export interface QuoteView {
  readonly country: string;
  readonly countryName: string;
  readonly coverage: MoneyView;
  readonly options: readonly QuoteOptionView[];
}

function freeze<T extends object>(value: T): T {
  return Object.freeze(value);
}

/** The domain's quote as the API's view; no pricing happens here. */
export function toQuoteView(result: QuoteResult): QuoteView {
  return freeze({
    country: result.country,
    countryName: result.countryName,
    coverage: freeze(money(result.coverageCents)),
    options: freeze(
      result.options.map((o) =>
        freeze({
          id: o.id,
          label: o.label,
          rolPct: o.rolPct,
          premium: freeze(money(o.premiumCents)),
          coverage: freeze(money(o.coverageCents)),
          discount: o.discount
            ? freeze({ percent: o.discount.percent, amount: freeze(money(o.discount.amountCents)), premium: freeze(money(o.discount.premiumCents)) })
            : null,
          triggeringParams: freeze(
            o.triggeringParams.map((p) =>
              freeze({ id: p.id, params: freeze([...p.params]), coveragePct: p.coveragePct, coverage: freeze(money(p.coverageCents)) }),
            ),
          ),
        }),
      ),
    ),
  });
}

/** How many distinct (pricing, coverage, discount) quotes one process keeps. */
export const QUOTE_CACHE_SIZE = 1000;

/** A quote as the domain computed it (cents, for the purchase check) and as the API shows it. */
export interface PricedQuote {
  result: QuoteResult;
  view: QuoteView;
}

/**
 * Every quote and purchase is priced by the spec's premium machine (`runPremiumMachine`). Its
 * result is a pure function of the input, and a customer asks for the same few coverages again and
 * again: this keeps the most recently used results (least recently used dropped first), keyed by
 * the pricing's content key, the coverage and the discount, and runs the machine once for
 * concurrent requests of the same quote. A refused input is never kept.
 */
export class QuoteMemo {
  private readonly entries = new Map<string, PricedQuote>();
  private readonly running = new Map<string, Promise<PricedQuote>>();

  constructor(private readonly maxSize = QUOTE_CACHE_SIZE) {}

  get size(): number {
    return this.entries.size;
  }

  quote(input: QuoteInput, pricingKey: string): Promise<PricedQuote> {
    const key = `${pricingKey}\u0000${input.coverageCents}\u0000${input.discountPercent}`;
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return Promise.resolve(cached);
    }
    const pending = this.running.get(key);
    if (pending) return pending;
    const run = runPremiumMachine({ id: `quote ${input.country} ${input.coverageCents}`, machineConfig: PREMIUM_MACHINE_CONFIG, input })
      .then(({ result }) => {
        const priced = { result, view: toQuoteView(result) };
        this.entries.set(key, priced);
        if (this.entries.size > this.maxSize) this.entries.delete(this.entries.keys().next().value as string);
        return priced;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }
}
