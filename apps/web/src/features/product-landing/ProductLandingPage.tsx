import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
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
      <Container className="section">
        <h1 className="visually-hidden">Product</h1>
        <EmptyState title="This page could not be loaded">Please refresh the page in a moment.</EmptyState>
      </Container>
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
        <Container>
          <h2 id="how-title" className="mb-4">
            How it works
          </h2>
          <HowItWorks steps={content.howItWorks} />
        </Container>
      </section>

      <section className="section section-below-fold" aria-labelledby="lifecycle-title">
        <Container>
          <h2 id="lifecycle-title" className="mb-4">
            The life of your policy
          </h2>
          <Lifecycle stages={content.lifecycle} />
        </Container>
      </section>

      <section id="payouts" className="section section-alt section-below-fold" aria-labelledby="payout-title">
        <Container>
          <h2 id="payout-title" className="mb-3">
            Payout structure
          </h2>
          <p className="lead mb-4">{content.payoutIntro}</p>
          <PayoutTable />
          <div className="mt-4">
            <PayoutExample />
          </div>
          <Row className="g-4 gx-lg-5 mt-1">
            <Col lg={6}>
              <h3 className="h4 mb-3">Payouts by option</h3>
              <PayoutChart />
            </Col>
            <Col lg={6}>
              <h3 className="h4 mb-3">Box 1 and box 2</h3>
              <BoxesExplained />
            </Col>
          </Row>
        </Container>
      </section>

      <section className="section section-below-fold" aria-labelledby="faq-teaser-title">
        <Container>
          <Row className="g-4">
            <Col lg={8}>
              <h2 id="faq-teaser-title" className="mb-4">
                Frequently asked questions
              </h2>
              <FaqTeaser items={content.faqTeaser} faqPath={`${base}/faq`} />
            </Col>
            <Col lg={4}>
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
            </Col>
          </Row>
        </Container>
      </section>
    </>
  );
}
