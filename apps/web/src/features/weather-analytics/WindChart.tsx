import { CLASS_LOWER_BOUNDS_KT, DEFAULT_WIND_PERIOD, formatLongDate, formatMonthAndYear, WIND_PERIODS, type WindPeriod } from '@fhp/domain';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePolicyWind, type WindBucket } from './api';
import { FIRST_YEAR } from './month';

/**
 * The tracker's wind chart (spec part 2, Weather analytics): per day, week, month or year (default
 * week), the strongest and the weakest maximum sustained wind of the systems within 300 km of the
 * island, from the stored tracks (`getPolicyWind`). Drawn as SVG in the box's own pixels (measured),
 * so its text keeps the page's size; no chart library (decision 022). Screen readers get a summary
 * and the numbers as a table.
 */

const HEIGHT = 260;
const PAD = { top: 12, right: 60, bottom: 30, left: 36 };
/** Axis labels closer than this (pixels) would overlap: every other one is left out. */
const MIN_TICK_GAP = 40;
/** Class thresholds drawn as guides: where tropical storm, Category 1, 3 and 5 start. */
const GUIDES = [
  { kt: CLASS_LOWER_BOUNDS_KT.TS, label: 'TS' },
  { kt: CLASS_LOWER_BOUNDS_KT.C1, label: 'Cat 1' },
  { kt: CLASS_LOWER_BOUNDS_KT.C3, label: 'Cat 3' },
  { kt: CLASS_LOWER_BOUNDS_KT.C5, label: 'Cat 5' },
];
const PERIOD_LABELS: Record<WindPeriod, string> = { day: 'Day', week: 'Week', month: 'Month', year: 'Year' };
const PERIOD_NOUNS: Record<WindPeriod, string> = { day: 'day', week: 'week', month: 'month', year: 'year' };

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const monthShort = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short' });
const dayShort = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** How a bucket is named in words and on the axis. */
export function bucketLabel(start: string, period: WindPeriod): string {
  switch (period) {
    case 'day':
      return formatLongDate(start);
    case 'week':
      return `week of ${formatLongDate(start)}`;
    case 'month':
      return formatMonthAndYear(start);
    case 'year':
      return start.slice(0, 4);
  }
}

/** A week counts for the month its Thursday is in (ISO 8601): the week of Dec 29, 2025 is January's. */
function monthDay(start: string, period: WindPeriod): string {
  if (period !== 'week') return start;
  return new Date(utc(start).getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
}

function tickLabel(start: string, period: WindPeriod): string {
  if (period === 'year') return start.slice(0, 4);
  if (period === 'month' || period === 'week') return monthShort.format(utc(monthDay(start, period)));
  return start.endsWith('-01') ? monthShort.format(utc(start)) : dayShort.format(utc(start));
}

/** Axis ticks: the first bucket of each month (day, week), every month, or every tenth year. */
function ticks(buckets: readonly WindBucket[], period: WindPeriod): number[] {
  const indexes: number[] = [];
  let lastMonth = '';
  buckets.forEach((bucket, index) => {
    if (period === 'year') {
      if (Number(bucket.start.slice(0, 4)) % 10 === 0) indexes.push(index);
    } else if (period === 'month') {
      indexes.push(index);
    } else if (monthDay(bucket.start, period).slice(0, 7) !== lastMonth) {
      lastMonth = monthDay(bucket.start, period).slice(0, 7);
      indexes.push(index);
    }
  });
  return indexes;
}

/** The ticks that fit: each at least MIN_TICK_GAP from the last one kept. */
function spaced(indexes: readonly number[], x: (index: number) => number): number[] {
  const kept: number[] = [];
  for (const index of indexes) {
    if (kept.length === 0 || x(index) - x(kept[kept.length - 1]!) >= MIN_TICK_GAP) kept.push(index);
  }
  return kept;
}

/** Lines broken at empty buckets: one path of "M x y L x y ..." runs. */
function linePath(values: readonly (number | null)[], x: (i: number) => number, y: (kt: number) => number): string {
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(index).toFixed(1)} ${y(value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}

/** The chart's summary in words, for its accessible name. */
export function describeWind(buckets: readonly WindBucket[], period: WindPeriod, island: string, span: string): string {
  const withData = buckets.filter((bucket) => bucket.maxKt !== null);
  if (withData.length === 0) return `No system came within 300 km of ${island} in ${span}.`;
  const strongest = withData.reduce((best, bucket) => (bucket.maxKt! > best.maxKt! ? bucket : best));
  return `Maximum and minimum sustained wind of systems within 300 km of ${island}, by ${PERIOD_NOUNS[period]}, ${span}: ${withData.length} ${PERIOD_NOUNS[period]}${withData.length === 1 ? '' : 's'} with a system nearby; the strongest wind was ${strongest.maxKt} knots, in the ${bucketLabel(strongest.start, period)}.`;
}

interface WindChartProps {
  policyId: string;
  island: string;
  /** The year the calendar shows: the chart of a day, week or month covers it. */
  year: number;
  latestYear: number;
}

export function WindChart({ policyId, island, year, latestYear }: WindChartProps) {
  const [period, setPeriod] = useState<WindPeriod>(DEFAULT_WIND_PERIOD);
  const [fromYear, toYear] = period === 'year' ? [FIRST_YEAR, latestYear] : [year, year];
  const wind = usePolicyWind(policyId, period, fromYear, toYear);
  const [box, width] = useWidth<HTMLDivElement>();
  const tableId = useId();
  const span = fromYear === toYear ? String(fromYear) : `${fromYear} to ${toYear}`;
  const buckets = wind.data ?? [];

  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const topKt = Math.max(160, ...buckets.map((bucket) => (bucket.maxKt ?? 0) + 10));
  const x = (index: number) => PAD.left + (buckets.length <= 1 ? plotWidth / 2 : (index * plotWidth) / (buckets.length - 1));
  const y = (kt: number) => PAD.top + plotHeight - (kt / topKt) * plotHeight;
  const description = describeWind(buckets, period, island, span);
  const empty = buckets.every((bucket) => bucket.maxKt === null);

  return (
    <div className="wind-chart">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div className="btn-group" role="group" aria-label="Period of the wind chart">
          {WIND_PERIODS.map((option) => (
            <Button key={option} size="sm" variant={option === period ? 'primary' : 'outline-primary'} aria-pressed={option === period} onClick={() => setPeriod(option)}>
              {PERIOD_LABELS[option]}
            </Button>
          ))}
        </div>
        <span className="small text-body-secondary d-flex align-items-center gap-2">
          {wind.isFetching && <Spinner animation="border" size="sm" role="status" aria-label="Loading the wind chart" />}
          {span}
        </span>
      </div>
      {wind.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-0">
          <span>{displayMessageOf(wind.error)}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void wind.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <div ref={box} className="wind-chart-box">
            {width > 0 && wind.data && (
              <svg width={width} height={HEIGHT} role="img" aria-label={description}>
                {[0, 50, 100, 150].filter((kt) => kt <= topKt).map((kt) => (
                  <g key={kt}>
                    <line className="wind-chart-grid" x1={PAD.left} x2={PAD.left + plotWidth} y1={y(kt)} y2={y(kt)} />
                    <text className="wind-chart-axis" x={PAD.left - 6} y={y(kt)} dy="0.32em" textAnchor="end">
                      {kt}
                    </text>
                  </g>
                ))}
                {GUIDES.map((guide) => (
                  <g key={guide.label}>
                    <line className="wind-chart-guide" x1={PAD.left} x2={PAD.left + plotWidth} y1={y(guide.kt)} y2={y(guide.kt)} />
                    <text className="wind-chart-axis" x={PAD.left + plotWidth + 6} y={y(guide.kt)} dy="0.32em">
                      {guide.label} {guide.kt}
                    </text>
                  </g>
                ))}
                <text className="wind-chart-axis" x={4} y={PAD.top - 2} dy="0.7em">
                  kt
                </text>
                {spaced(ticks(buckets, period), x).map((index) => (
                  <text key={index} className="wind-chart-axis" x={x(index)} y={HEIGHT - 8} textAnchor="middle">
                    {tickLabel(buckets[index]!.start, period)}
                  </text>
                ))}
                <path className="wind-chart-line is-max" d={linePath(buckets.map((bucket) => bucket.maxKt), x, y)} />
                <path className="wind-chart-line is-min" d={linePath(buckets.map((bucket) => bucket.minKt), x, y)} />
                {buckets.map((bucket, index) =>
                  bucket.maxKt === null ? null : (
                    <Fragment key={bucket.start}>
                      <circle className="wind-chart-dot is-max" cx={x(index)} cy={y(bucket.maxKt)} r={3} />
                      <circle className="wind-chart-dot is-min" cx={x(index)} cy={y(bucket.minKt!)} r={3} />
                    </Fragment>
                  ),
                )}
              </svg>
            )}
            {!wind.data && wind.isPending && <p className="text-body-secondary small mb-0">Loading the wind chart...</p>}
          </div>
          <div className="d-flex flex-wrap gap-3 small mt-2">
            <span className="d-flex align-items-center gap-2">
              <span className="wind-chart-key is-max" aria-hidden="true" /> Maximum sustained wind
            </span>
            <span className="d-flex align-items-center gap-2">
              <span className="wind-chart-key is-min" aria-hidden="true" /> Minimum sustained wind
            </span>
          </div>
          <p className="small text-body-secondary mt-2 mb-1">{empty && wind.data ? description : 'Winds of every system within 300 km of the island, in knots (kt); the dashed lines are where each class starts.'}</p>
          {!empty && (
            <details className="small">
              <summary>The numbers as a table</summary>
              <div className="table-responsive wind-chart-table" tabIndex={0} role="region" aria-label="Wind by period">
                <table className="table table-sm mb-0" id={tableId}>
                  <caption className="visually-hidden">{description}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{PERIOD_LABELS[period]}</th>
                      <th scope="col">Maximum (kt)</th>
                      <th scope="col">Minimum (kt)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {buckets
                      .filter((bucket) => bucket.maxKt !== null)
                      .map((bucket) => (
                        <tr key={bucket.start}>
                          <td>{bucketLabel(bucket.start, period)}</td>
                          <td>{bucket.maxKt}</td>
                          <td>{bucket.minKt}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            </details>
          )}
        </>
      )}
    </div>
  );
}
