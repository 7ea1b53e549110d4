import { CYCLONE_CLASS_LABELS, type CycloneClass } from '@fhp/domain';
import { Money } from '../../../components/Money';
import type { QuoteOption } from '../api';

interface OptionCardProps {
  option: QuoteOption;
  name: string;
  checked: boolean;
  onSelect: (id: string) => void;
}

/** The price of an option: with an offer, the original struck through beside the lower one. */
export function OptionPrice({ premiumCents, discountedCents }: { premiumCents: number; discountedCents: number | null }) {
  if (discountedCents === null) return <Money cents={premiumCents} className="fs-4 fw-bold text-primary" />;
  return (
    <span className="d-inline-flex flex-wrap align-items-baseline gap-2">
      <del className="text-body-secondary">
        <span className="visually-hidden">Was </span>
        <Money cents={premiumCents} />
      </del>
      <ins className="text-decoration-none">
        <span className="visually-hidden">Now </span>
        <Money cents={discountedCents} className="fs-4 fw-bold text-secondary" />
      </ins>
    </span>
  );
}

/** One of the six options as a radio card: premium, coverage and the storms it pays for. */
export function OptionCard({ option, name, checked, onSelect }: OptionCardProps) {
  const id = `${name}-${option.id}`;
  const paying = option.triggeringParams.filter((param) => param.coveragePct > 0);
  return (
    <div className="h-100">
      {/* Named by the option's title; the price and storms are its description, so the name stays short. */}
      <input
        type="radio"
        className="btn-check"
        name={name}
        id={id}
        value={option.id}
        checked={checked}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-details`}
        onChange={() => onSelect(option.id)}
      />
      <label htmlFor={id} className={`option-card card h-100 ${checked ? 'is-selected' : ''}`}>
        <span className="card-body d-flex flex-column gap-2">
          <span className="fw-semibold" id={`${id}-title`}>
            {option.label}
          </span>
          <span id={`${id}-details`} className="d-flex flex-column gap-2">
          <span>
            <span className="d-block small text-body-secondary">Premium</span>
            <OptionPrice premiumCents={option.premium.cents} discountedCents={option.discount?.premium.cents ?? null} />
            {option.discount && <span className="badge text-bg-success ms-2">{option.discount.percent}% off</span>}
          </span>
          <span className="small">
            Coverage <Money cents={option.coverage.cents} className="fw-semibold" /> · rate {option.rolPct}%
          </span>
          <span className="small text-body-secondary">
            Pays{' '}
            {paying
              .map((param) => `${CYCLONE_CLASS_LABELS[param.params[0] as CycloneClass] ?? param.params[0]} ${param.coveragePct}% (${param.coverage.formatted})`)
              .join(', ')}
          </span>
          </span>
        </span>
      </label>
    </div>
  );
}
