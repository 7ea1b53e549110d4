import { Link } from 'react-router';
import { SadIcon } from '../../../components/MoodIcons';

/**
 * Shown instead of the flow while the season's purchase window is closed, with the ways on: back
 * to the product page (`productPath`) and to its FAQ.
 */
export function WindowClosed({ year, nextSeasonYear, productPath }: { year: number; nextSeasonYear: number; productPath: string }) {
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
      <div className="d-flex flex-wrap justify-content-center gap-3 mt-4">
        <Link to={productPath} className="btn btn-primary btn-lg px-4">
          Back to the product page
        </Link>
        <Link to={`${productPath}/faq`} className="btn btn-outline-primary btn-lg px-4">
          Read the FAQs
        </Link>
      </div>
    </section>
  );
}
