import { COUNTRIES, type CountryCode } from '@fhp/domain';
import { Money } from '../../../components/Money';
import type { ChosenOption } from '../state/purchaseData';
import { OptionPrice } from './OptionCard';

/** The chosen option, country, coverage and premium (discounted when an offer applies). */
export function ChosenOptionSummary({ option, country }: { option: ChosenOption; country: CountryCode }) {
  return (
    <dl className="row mb-0 summary-list">
      <dt className="col-sm-4">Option</dt>
      <dd className="col-sm-8">{option.label}</dd>
      <dt className="col-sm-4">Country</dt>
      <dd className="col-sm-8">{COUNTRIES[country].name}</dd>
      <dt className="col-sm-4">Coverage</dt>
      <dd className="col-sm-8">
        <Money cents={option.coverageCents} />
      </dd>
      <dt className="col-sm-4">Premium</dt>
      <dd className="col-sm-8 mb-0">
        <OptionPrice premiumCents={option.premiumCents} discountedCents={option.discountedPremiumCents} />
      </dd>
    </dl>
  );
}
