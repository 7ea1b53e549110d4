import { formatMoney } from '@fhp/domain';

export interface Bar {
  label: string;
  /** Stacked parts, left to right, in cents; each drawn in its tone. */
  parts: { cents: number; tone: 'primary' | 'secondary' | 'tertiary' | 'muted'; name: string }[];
}

const percent = (cents: number, max: number) => `${((Math.max(0, cents) / max) * 100).toFixed(2)}%`;

/**
 * Horizontal bars without a chart library (decision 022): one row per bar, its label and its
 * figures as text at the page's own size (readable on a phone, read by screen readers), and the
 * bar itself a small SVG whose rectangles are sized in percent of the row, so it fits any width.
 */
export function BarChart({ title, bars, scaleCents }: { title: string; bars: readonly Bar[]; scaleCents?: number }) {
  const max = Math.max(1, scaleCents ?? 0, ...bars.map((b) => b.parts.reduce((sum, p) => sum + p.cents, 0)));
  return (
    <figure className="portfolio-chart mb-2">
      <figcaption className="visually-hidden">{title}</figcaption>
      <ul className="list-unstyled mb-0">
        {bars.map((bar) => {
          let x = 0;
          return (
            <li key={bar.label} className={`portfolio-chart-row${bar.parts.length > 1 ? ' is-stacked' : ''}`}>
              <span className="portfolio-chart-label">{bar.label}</span>
              <svg className="portfolio-chart-bar" width="100%" height="14" aria-hidden="true" focusable="false">
                <rect width="100%" height="14" rx="3" className="portfolio-chart-track" />
                {bar.parts.map((part) => {
                  const rect = <rect key={part.name} x={percent(x, max)} width={percent(part.cents, max)} height="14" rx="3" className={`portfolio-bar-${part.tone}`} />;
                  x += Math.max(0, part.cents);
                  return rect;
                })}
              </svg>
              <span className="portfolio-chart-value">
                {bar.parts.length === 1 ? formatMoney(bar.parts[0]!.cents) : bar.parts.map((p) => `${p.name} ${formatMoney(p.cents)}`).join(' · ')}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
