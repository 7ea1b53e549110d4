import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { Brand, NavItem } from '../lib/page-content/pageContent';
import { useIsNarrow } from '../lib/useIsNarrow';
import { BrandMark } from './BrandMark';
import { resolveHeaderItems } from './navigation';

interface HeaderProps {
  brand: Brand;
  navigation: readonly NavItem[];
  /** Set once sign-in knows the role; a purchaser gets "My Account" instead of "Login". */
  isPurchaser?: boolean;
}

export function Header({ brand, navigation, isPurchaser = false }: HeaderProps) {
  const isNarrow = useIsNarrow();
  const [expanded, setExpanded] = useState(false);
  const { pathname } = useLocation();
  const [prevPath, setPrevPath] = useState(pathname);
  // The collapsed menu closes when the visitor goes somewhere else.
  if (prevPath !== pathname) {
    setPrevPath(pathname);
    setExpanded(false);
  }
  const items = resolveHeaderItems(navigation, isPurchaser);

  // Bootstrap's navbar classes with a plain toggle: react-bootstrap's Navbar would bring its
  // offcanvas, modal and transition code into every page's first load for one menu button.
  return (
    <header className="site-header">
      <nav className={`navbar navbar-dark py-3${isNarrow ? '' : ' navbar-expand'}`}>
        <div className="container">
          <Link className="navbar-brand" to="/">
            <BrandMark />
            <span>{brand.name}</span>
          </Link>
          <button
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="site-nav"
            aria-expanded={expanded}
            aria-label="Menu"
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div className={`navbar-collapse collapse${expanded ? ' show' : ''}`} id="site-nav">
            <nav className="navbar-nav ms-auto align-items-lg-center gap-2" aria-label="Main">
              {items.map((item) =>
                item.kind === 'button' ? (
                  <Link key={item.path} to={item.path} className="btn btn-secondary px-4 ms-lg-2">
                    {item.label}
                  </Link>
                ) : (
                  <NavLink key={item.path} to={item.path} className="nav-link" end>
                    {item.label}
                  </NavLink>
                ),
              )}
            </nav>
          </div>
        </div>
      </nav>
    </header>
  );
}
