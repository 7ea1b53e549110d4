import { OPTION_IDS, type OptionId } from '@fhp/domain';
import { useId, useState } from 'react';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartPointsFor, describePayouts } from './payoutStructure';

const BAR_COLOR = '#17704a';

/** One option at a time: six bars stay readable on a phone, where 36 would not. */
export function PayoutChart() {
  const [optionId, setOptionId] = useState<OptionId>('T');
  const groupName = useId();
  const description = describePayouts(optionId);

  return (
    <figure className="mb-0">
      <fieldset className="mb-3">
        <legend className="h6 mb-2">Show the payouts of</legend>
        <ToggleButtonGroup type="radio" name={groupName} value={optionId} onChange={(value: OptionId) => setOptionId(value)} className="payout-option-picker">
          {OPTION_IDS.map((id) => (
            <ToggleButton key={id} id={`${groupName}-${id}`} value={id} variant="outline-primary">
              Option {id}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </fieldset>
      <div role="img" aria-label={description} style={{ width: '100%', height: 280 }}>
        <ResponsiveContainer>
          <BarChart data={chartPointsFor(optionId)} margin={{ top: 24, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fill: '#1c2434', fontSize: 13 }} />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" tick={{ fill: '#1c2434', fontSize: 13 }} />
            <Tooltip formatter={(value) => [`${String(value)}%`, 'Payout']} />
            <Bar dataKey="payoutPct" fill={BAR_COLOR} radius={[4, 4, 0, 0]} isAnimationActive={false}>
              <LabelList dataKey="payoutPct" position="top" formatter={(value: unknown) => `${String(value)}%`} fill="#1c2434" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="small text-body-secondary mt-2">{description}</figcaption>
    </figure>
  );
}
