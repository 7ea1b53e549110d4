import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
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

  return (
    <header className="site-header">
      <Navbar expand={!isNarrow} expanded={expanded} onToggle={setExpanded} variant="dark" className="py-3">
        <Container>
          <Navbar.Brand as={Link} to="/">
            <BrandMark />
            <span>{brand.name}</span>
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="site-nav" label="Menu" />
          <Navbar.Collapse id="site-nav">
            <Nav as="nav" aria-label="Main" className="ms-auto align-items-lg-center gap-2">
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
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
