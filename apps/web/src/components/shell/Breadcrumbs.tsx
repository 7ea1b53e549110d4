import { Link } from 'react-router';
import type { Crumb } from '../../lib/shell/breadcrumbs';

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb mb-0">
        {crumbs.map((crumb, index) =>
          crumb.path ? (
            <li key={crumb.path} className="breadcrumb-item">
              <Link to={crumb.path}>{crumb.label}</Link>
            </li>
          ) : (
            <li key={`${index}-${crumb.label}`} className="breadcrumb-item active" aria-current="page">
              {crumb.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
