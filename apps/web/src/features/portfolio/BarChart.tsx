import { formatMoney } from '@fhp/domain';

export interface Bar {
  label: string;
  /** Stacked parts, left to right, in cents; each drawn in its tone. */
  parts: { cents: number; tone: 'primary' | 'secondary' | 'tertiary' | 'muted'; name: string }[];
}

const ROW = 34;
const LABEL_WIDTH = 150;
const WIDTH = 640;

/**
 * Horizontal bars in SVG (no chart library: decision 022). The picture is for the eye; its
 * `<title>` and `<desc>` say every value for assistive technology, and each page that draws one
 * prints the same figures in a table beside it.
 */
export function BarChart({ title, bars, scaleCents }: { title: string; bars: readonly Bar[]; scaleCents?: number }) {
  const max = Math.max(1, scaleCents ?? 0, ...bars.map((b) => b.parts.reduce((sum, p) => sum + p.cents, 0)));
  const plot = WIDTH - LABEL_WIDTH - 8;
  const height = bars.length * ROW + 4;
  const description = bars.map((b) => `${b.label}: ${b.parts.map((p) => `${p.name} ${formatMoney(p.cents)}`).join(', ')}`).join('; ');
  return (
    <svg className="portfolio-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" preserveAspectRatio="xMinYMin meet">
      <title>{title}</title>
      <desc>{description}</desc>
      {bars.map((bar, i) => {
        const y = i * ROW + 4;
        let x = LABEL_WIDTH;
        return (
          <g key={bar.label}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="middle" className="portfolio-chart-label">
              {bar.label}
            </text>
            <rect x={LABEL_WIDTH} y={y + 5} width={plot} height={ROW - 14} className="portfolio-chart-track" rx="3" />
            {bar.parts.map((part) => {
              const w = (part.cents / max) * plot;
              const rect = <rect key={part.name} x={x} y={y + 5} width={Math.max(0, w)} height={ROW - 14} className={`portfolio-bar-${part.tone}`} rx="3" />;
              x += w;
              return rect;
            })}
          </g>
        );
      })}
    </svg>
  );
}
