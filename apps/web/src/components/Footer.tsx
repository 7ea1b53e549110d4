import { Link } from 'react-router';
import type { Brand, Contact, FooterSection } from '../lib/page-content/pageContent';
import { BrandMark } from './BrandMark';

interface FooterProps {
  brand: Brand;
  sections: readonly FooterSection[];
  contact: Contact;
}

/** In-app paths go through the router; anything else (mailto:, tel:, other sites) is a plain link. */
function FooterLink({ label, href }: { label: string; href: string }) {
  return href.startsWith('/') && !href.includes('#') ? <Link to={href}>{label}</Link> : <a href={href}>{label}</a>;
}

export function Footer({ brand, sections, contact }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer pt-5 pb-4 mt-auto">
      <div className="container">
        <div className="g-4 row">
          <div className="col-lg-4">
            <p className="d-flex align-items-center gap-2 fw-bold fs-5 text-white mb-2">
              <BrandMark />
              {brand.name}
            </p>
            <p className="mb-0">Parametric hurricane insurance for homes and families in Grenada and Dominica.</p>
          </div>
          {sections.map((section) => (
            <div className="col-6 col-md-3 col-lg-2" key={section.title}>
              <nav aria-label={section.title}>
                <h2 className="mb-3">{section.title}</h2>
                <ul className="list-unstyled d-grid gap-2 mb-0">
                  {section.links.map((link) => (
                    <li key={`${link.label}-${link.href}`}>
                      <FooterLink {...link} />
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
          ))}
        </div>
        <section id="contact" aria-labelledby="contact-title" className="mt-5">
          <h2 id="contact-title" className="mb-3">
            Contact us
          </h2>
          <address className="d-flex flex-column flex-md-row gap-2 gap-md-4 mb-0">
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
            <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</a>
            <span>{contact.address}</span>
          </address>
        </section>
        <p className="footer-bottom pt-3 mt-4 mb-0 small">
          © {year} {brand.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
