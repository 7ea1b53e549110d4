import Accordion from 'react-bootstrap/Accordion';
import { Link } from 'react-router';
import type { LandingContent } from './api';

export function FaqTeaser({ items, faqPath }: { items: LandingContent['faqTeaser']; faqPath: string }) {
  return (
    <>
      {items.length > 0 ? (
        <Accordion className="mb-4">
          {items.map((item, index) => (
            <Accordion.Item key={item.title} eventKey={String(index)}>
              <Accordion.Header as="h3">{item.title}</Accordion.Header>
              <Accordion.Body>{item.content}</Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : null}
      <Link to={faqPath} className="btn btn-outline-primary">
        Read all FAQs
      </Link>
    </>
  );
}
