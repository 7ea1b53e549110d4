import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import type { Product } from './api';

export function ProductCard({ product }: { product: Product }) {
  const headingId = `product-${product.id}`;
  return (
    <Card as="article" className="h-100 shadow-sm border-0" aria-labelledby={headingId}>
      <Card.Body className="p-4 d-flex flex-column">
        <div className="d-flex align-items-center gap-3 mb-3">
          {product.logo ? (
            <img src={product.logo} alt="" width={48} height={48} />
          ) : (
            <BrandMark className="brand-mark" />
          )}
          <h3 id={headingId} className="h4 mb-0">
            {product.name}
          </h3>
        </div>
        <p className="fw-semibold text-tertiary mb-2">{product.tagline}</p>
        <p className="text-body-secondary flex-grow-1">{product.description}</p>
        <Link to={product.path} className="btn btn-primary align-self-start">
          Learn more<span className="visually-hidden"> about {product.name}</span>
        </Link>
      </Card.Body>
    </Card>
  );
}
