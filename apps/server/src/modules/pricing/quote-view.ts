import type { MoneyView, QuoteInput, QuoteResult } from '@fhp/domain';
import { quotePremiums } from '@fhp/domain';
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

/** How many distinct (country, coverage, discount) quotes one process keeps. */
export const QUOTE_CACHE_SIZE = 1000;

/**
 * `quotePremiums` is a pure function of its input, and a customer asks for the same few coverages
 * again and again: this keeps the most recently used views (least recently used dropped first).
 * Only the default, seeded country configuration is cached; a stored one bypasses the cache.
 */
export class QuoteViewCache {
  private readonly views = new Map<string, QuoteView>();

  constructor(private readonly maxSize = QUOTE_CACHE_SIZE) {}

  get size(): number {
    return this.views.size;
  }

  quote(input: QuoteInput): QuoteView {
    if (input.countryConfig !== undefined) return toQuoteView(quotePremiums(input));
    const key = `${input.country}\u0000${input.coverageCents}\u0000${input.discountPercent}`;
    const cached = this.views.get(key);
    if (cached !== undefined) {
      this.views.delete(key);
      this.views.set(key, cached);
      return cached;
    }
    // Errors are thrown before anything is stored: a refused input is never cached.
    const view = toQuoteView(quotePremiums(input));
    this.views.set(key, view);
    if (this.views.size > this.maxSize) this.views.delete(this.views.keys().next().value as string);
    return view;
  }
}
