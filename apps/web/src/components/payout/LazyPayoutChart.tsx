import { lazy, Suspense } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { PayoutChart } from './PayoutChart';

/**
 * recharts is most of the weight of the pages that show payouts, so the chart comes in its own
 * chunk: the payout table, the example and the rest of the page render without waiting for it.
 * The download starts as soon as this module is evaluated (with the page's own chunk), not when
 * the chart first renders, so it is usually in by the time the chart is on screen. A failed
 * download is forgotten, so that the next render tries again.
 */
let chartModule: Promise<{ PayoutChart: typeof PayoutChart }> | null = null;
const loadChart = () =>
  (chartModule ??= import('./PayoutChart').catch((error: unknown) => {
    chartModule = null;
    throw error;
  }));
void loadChart().catch(() => {});

const PayoutChartChunk = lazy(() => loadChart().then((m) => ({ default: m.PayoutChart })));

/** Holds about the chart's place while it loads, and says so to screen readers. */
function ChartLoading() {
  return (
    <div className="d-flex flex-column align-items-center justify-content-center gap-3" style={{ minHeight: 280 }} role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="text-body-secondary">Loading the payout chart...</span>
    </div>
  );
}

/** The payout chart, loaded on demand; see PayoutChart. */
export function LazyPayoutChart() {
  return (
    <Suspense fallback={<ChartLoading />}>
      <PayoutChartChunk />
    </Suspense>
  );
}
