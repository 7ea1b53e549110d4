import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Hero } from '../../components/Hero';
import { LoadingScreen } from '../../components/LoadingScreen';
import { BoxesExplained } from '../../components/payout/BoxesExplained';
import { PayoutChart } from '../../components/payout/PayoutChart';
import { PayoutTable } from '../../components/payout/PayoutTable';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLandingContent, type LandingContent } from './api';
import { FaqTeaser } from './FaqTeaser';
import { HowItWorks } from './HowItWorks';
import { Lifecycle } from './Lifecycle';
import { PayoutExample } from './PayoutExample';
import { SeasonNote } from './SeasonNote';

interface ProductLandingPageProps {
  /** What to show for a product id the server does not know; the app passes its NotFound page. */
  notFound: ReactNode;
}

export function ProductLandingPage({ notFound }: ProductLandingPageProps) {
  const { id = '' } = useParams();
  const landing = useLandingContent(id);
  usePageTitle(landing.data?.title ?? null);

  // The landing route fetches its own content and says so meanwhile (spec part 1, section 2).
  if (landing.isPending) return <LoadingScreen label="Loading..." />;
  if (landing.isError) {
    return (
      <div className="section container">
        <h1 className="visually-hidden">Product</h1>
        <EmptyState title="This page could not be loaded">Please refresh the page in a moment.</EmptyState>
      </div>
    );
  }
  if (landing.data === null) return notFound;
  return <ProductLanding content={landing.data} />;
}

function ProductLanding({ content }: { content: LandingContent }) {
  const base = `/product/${content.productId}`;
  return (
    <>
      <Hero
        titleId="landing-title"
        eyebrow={content.subtitle}
        title={content.title}
        lead={content.heroText}
        actions={
          <>
            <Link to={`${base}/buy`} className="btn btn-secondary btn-lg px-5">
              Buy Now
            </Link>
            <a href="#how-it-works" className="btn btn-outline-light btn-lg">
              How it works
            </a>
          </>
        }
      >
        <SeasonNote />
      </Hero>

      <section id="how-it-works" className="section section-alt section-below-fold" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="mb-4">
            How it works
          </h2>
          <HowItWorks steps={content.howItWorks} />
        </div>
      </section>

      <section className="section section-below-fold" aria-labelledby="lifecycle-title">
        <div className="container">
          <h2 id="lifecycle-title" className="mb-4">
            The life of your policy
          </h2>
          <Lifecycle stages={content.lifecycle} />
        </div>
      </section>

      <section id="payouts" className="section section-alt section-below-fold" aria-labelledby="payout-title">
        <div className="container">
          <h2 id="payout-title" className="mb-3">
            Payout structure
          </h2>
          <p className="lead mb-4">{content.payoutIntro}</p>
          <PayoutTable />
          <div className="mt-4">
            <PayoutExample />
          </div>
          <div className="g-4 gx-lg-5 mt-1 row">
            <div className="col-lg-6">
              <h3 className="h4 mb-3">Payouts by option</h3>
              <PayoutChart />
            </div>
            <div className="col-lg-6">
              <h3 className="h4 mb-3">Box 1 and box 2</h3>
              <BoxesExplained />
            </div>
          </div>
        </div>
      </section>

      <section className="section section-below-fold" aria-labelledby="faq-teaser-title">
        <div className="container">
          <div className="g-4 row">
            <div className="col-lg-8">
              <h2 id="faq-teaser-title" className="mb-4">
                Frequently asked questions
              </h2>
              <FaqTeaser items={content.faqTeaser} faqPath={`${base}/faq`} />
            </div>
            <div className="col-lg-4">
              <aside className="bg-light rounded-3 p-4" aria-labelledby="support-title">
                <h2 id="support-title" className="h4">
                  Talk to us
                </h2>
                <p className="text-body-secondary">Questions about your cover? Our support team is here to help.</p>
                <p className="mb-1">
                  <a href={`mailto:${content.supportEmail}`}>{content.supportEmail}</a>
                </p>
                <p className="mb-0">
                  <a href={`tel:${content.supportPhone.replace(/[^+\d]/g, '')}`}>{content.supportPhone}</a>
                </p>
              </aside>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
