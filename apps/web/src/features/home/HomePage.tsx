import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Hero } from '../../components/Hero';
import { LoadingScreen } from '../../components/LoadingScreen';
import { usePageContent } from '../../lib/page-content/pageContent';
import { usePageTitle } from '../../lib/usePageTitle';
import { useProducts } from './api';
import { ProductCard } from './ProductCard';

const PROMISES = [
  { title: 'No claim forms', text: 'Payouts are triggered by measured storm data, not by loss adjusters.' },
  { title: 'Paid within 15 days', text: 'Money reaches your credit union account within 15 days of a qualifying storm.' },
  { title: 'Made for the islands', text: 'Cover designed for homes and families in Grenada and Dominica, priced in EC$.' },
];

/** The parent brand's landing page: who we are and the products on offer. */
export function HomePage() {
  const { brand } = usePageContent();
  const products = useProducts();
  usePageTitle(brand.name);

  return (
    <>
      <Hero
        titleId="home-title"
        eyebrow={brand.name}
        title="Parametric hurricane cover for the Eastern Caribbean"
        lead="Parametric hurricane cover that pays automatically when a storm passes close to your island."
        actions={
          <>
            <Link to={`/product/${brand.productId}`} className="btn btn-secondary btn-lg">
              View Product Info
            </Link>
            <a href="#products" className="btn btn-outline-light btn-lg">
              Our products
            </a>
          </>
        }
        aside={
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {PROMISES.map((promise) => (
              <li key={promise.title} className="bg-white bg-opacity-10 rounded-3 p-3">
                <strong className="d-block">{promise.title}</strong>
                <span>{promise.text}</span>
              </li>
            ))}
          </ul>
        }
      />

      <section id="products" className="section" aria-labelledby="products-title">
        <Container>
          <h2 id="products-title" className="mb-4">
            Our products
          </h2>
          {products.isPending ? (
            <LoadingScreen label="Loading products..." />
          ) : products.isError ? (
            <EmptyState title="Products could not be loaded">Please refresh the page in a moment.</EmptyState>
          ) : products.data.length === 0 ? (
            <EmptyState title="No products on offer yet">Please check back soon.</EmptyState>
          ) : (
            <Row xs={1} md={2} lg={3} className="g-4">
              {products.data.map((product) => (
                <Col key={product.id}>
                  <ProductCard product={product} />
                </Col>
              ))}
            </Row>
          )}
        </Container>
      </section>
    </>
  );
}
