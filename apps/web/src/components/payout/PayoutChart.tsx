import { OPTION_IDS, type OptionId } from '@fhp/domain';
import { Fragment, useId, useState } from 'react';
import { chartPointsFor, describePayouts } from './payoutStructure';

const Y_TICKS = [100, 75, 50, 25, 0] as const;

/**
 * The payouts of one option as a bar chart, drawn with plain HTML and CSS (styles/_layout.scss,
 * "Payout chart"): text stays at the page's size on any screen, and no charting library travels
 * with the pages that show it. One option at a time: six bars stay readable on a phone, where 36
 * would not. Screen readers get the same numbers in words (the figure's label and caption).
 * Heights and positions come from the stylesheet by `data-pct` and `data-at` (multiples of 5, as
 * every payout is), never from style attributes: the prerendered page's HTML must hold none, the CSP
 * refuses them.
 */
export function PayoutChart() {
  const [optionId, setOptionId] = useState<OptionId>('T');
  const groupName = useId();
  const description = describePayouts(optionId);
  const points = chartPointsFor(optionId);

  return (
    <figure className="mb-0">
      <fieldset className="mb-3">
        <legend className="h6 mb-2">Show the payouts of</legend>
        {/* Bootstrap's radio buttons in plain markup (what react-bootstrap's ToggleButtonGroup draws,
            without its helpers on the landing's first load). */}
        <div className="btn-group payout-option-picker" role="group">
          {OPTION_IDS.map((id) => (
            <Fragment key={id}>
              <input
                type="radio"
                className="btn-check"
                name={groupName}
                id={`${groupName}-${id}`}
                value={id}
                checked={optionId === id}
                onChange={() => setOptionId(id)}
                autoComplete="off"
              />
              <label className="btn btn-outline-primary" htmlFor={`${groupName}-${id}`}>
                Option {id}
              </label>
            </Fragment>
          ))}
        </div>
      </fieldset>
      <div className="payout-chart" role="img" aria-label={description}>
        <div className="payout-chart-y" aria-hidden="true">
          {Y_TICKS.map((tick) => (
            <span key={tick} data-at={tick}>
              {tick}%
            </span>
          ))}
        </div>
        <div className="payout-chart-plot" aria-hidden="true">
          {Y_TICKS.map((tick) => (
            <span key={tick} className="payout-chart-grid" data-at={tick} />
          ))}
          {points.map((point) => (
            <div key={point.name} className="payout-chart-column">
              <span className="payout-chart-value">{point.payoutPct}%</span>
              <span className="payout-chart-bar" data-pct={point.payoutPct} />
            </div>
          ))}
        </div>
        <div className="payout-chart-x" aria-hidden="true">
          {points.map((point) => (
            <span key={point.name}>{point.name}</span>
          ))}
        </div>
      </div>
      <figcaption className="small text-body-secondary mt-2">{description}</figcaption>
    </figure>
  );
}
