import { SadIcon } from '../../../components/MoodIcons';

/** Shown instead of the flow while the season's purchase window is closed. */
export function WindowClosed({ year, nextSeasonYear }: { year: number; nextSeasonYear: number }) {
  return (
    <section className="text-center py-5 mx-auto purchase-thank-you" aria-labelledby="window-closed-title">
      <div className="mb-3">
        <SadIcon />
      </div>
      <h1 id="window-closed-title" className="h2">
        Policy Purchase Window Closed
      </h1>
      <p className="lead text-body-secondary">
        Policies for the {year} season can no longer be bought. Please check back for {nextSeasonYear}.
      </p>
    </section>
  );
}
