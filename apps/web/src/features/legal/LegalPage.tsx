import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../../lib/usePageTitle';

/** Both legal texts carry this date (spec part 1, section 1). */
export const LEGAL_LAST_UPDATED = '22-01-2022';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Long-form legal text with a table of contents so readers can jump to what concerns them. */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  usePageTitle(title);
  return (
    <Container as="article" className="section legal-text" aria-labelledby="legal-title">
      <h1 id="legal-title" className="mb-2">
        {title}
      </h1>
      <p className="text-body-secondary mb-4">
        Last updated <time dateTime="2022-01-22">{LEGAL_LAST_UPDATED}</time>
      </p>
      <div className="lead mb-4">{intro}</div>
      <nav aria-labelledby="legal-toc-title" className="bg-light rounded-3 p-4 mb-4">
        <h2 id="legal-toc-title" className="h6 text-uppercase mt-0 mb-3">
          Contents
        </h2>
        <ol className="mb-0 d-grid gap-1">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </Container>
  );
}
