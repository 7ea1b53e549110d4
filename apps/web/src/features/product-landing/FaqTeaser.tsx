import { Link } from 'react-router';
import type { LandingContent } from './api';

/**
 * A few questions on the landing page, as native disclosure widgets drawn with Bootstrap's
 * accordion look: they open before the scripts have run, and the landing's first load carries no
 * transition code for them (the FAQ page keeps the animated accordion).
 */
export function FaqTeaser({ items, faqPath }: { items: LandingContent['faqTeaser']; faqPath: string }) {
  return (
    <>
      {items.length > 0 ? (
        <div className="accordion faq-teaser mb-4">
          {items.map((item) => (
            <details key={item.title} className="accordion-item">
              <summary className="accordion-button">
                <h3 className="faq-teaser-question">{item.title}</h3>
              </summary>
              <div className="accordion-body">{item.content}</div>
            </details>
          ))}
        </div>
      ) : null}
      <Link to={faqPath} className="btn btn-outline-primary">
        Read all FAQs
      </Link>
    </>
  );
}
