import { Link } from 'react-router';
import type { Crumb } from '../../lib/shell/breadcrumbs';

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb mb-0">
        {crumbs.map((crumb, index) => {
          const key = `${index}-${crumb.label}`;
          if (index === crumbs.length - 1) {
            return (
              <li key={key} className="breadcrumb-item active" aria-current="page">
                {crumb.label}
              </li>
            );
          }
          // A crumb that is no page (a heading such as My Policies) is shown as text.
          return (
            <li key={key} className="breadcrumb-item">
              {crumb.path ? <Link to={crumb.path}>{crumb.label}</Link> : crumb.label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
