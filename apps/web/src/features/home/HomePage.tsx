import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
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
      <section className="hero section" aria-labelledby="home-title">
        <Container>
          <Row className="align-items-center g-4">
            <Col lg={7}>
              <p className="eyebrow text-white mb-2">{brand.name}</p>
              <h1 id="home-title" className="display-5 fw-bold mb-3">
                Parametric hurricane cover for the Eastern Caribbean
              </h1>
              <p className="lead mb-4">
                Parametric hurricane cover that pays automatically when a storm passes close to your island.
              </p>
              <div className="d-flex flex-wrap gap-3">
                <Link to={`/product/${brand.productId}`} className="btn btn-secondary btn-lg">
                  View Product Info
                </Link>
                <a href="#products" className="btn btn-outline-light btn-lg">
                  Our products
                </a>
              </div>
            </Col>
            <Col lg={5}>
              <ul className="list-unstyled d-grid gap-3 mb-0">
                {PROMISES.map((promise) => (
                  <li key={promise.title} className="bg-white bg-opacity-10 rounded-3 p-3">
                    <strong className="d-block">{promise.title}</strong>
                    <span>{promise.text}</span>
                  </li>
                ))}
              </ul>
            </Col>
          </Row>
        </Container>
      </section>

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
