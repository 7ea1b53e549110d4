import Accordion from 'react-bootstrap/Accordion';
import { EmptyState } from '../../components/EmptyState';
import type { FaqSection } from './api';

export const NO_FAQS = 'No FAQs found';

/** Sections of questions; a single section needs no sub-heading of its own. */
export function FaqList({ sections }: { sections: readonly FaqSection[] }) {
  const nonEmpty = sections.filter((section) => section.queAns.length > 0);
  if (nonEmpty.length === 0) {
    return <EmptyState title={NO_FAQS}>There are no questions here yet. Our support team is happy to answer yours.</EmptyState>;
  }
  const several = nonEmpty.length > 1;
  return (
    <div className="d-grid gap-4">
      {nonEmpty.map((section, sectionIndex) => (
        <div key={`${section.title}-${sectionIndex}`}>
          {several ? <h2 className="h4 mb-3">{section.title}</h2> : null}
          <Accordion defaultActiveKey="0">
            {section.queAns.map((item, index) => (
              <Accordion.Item key={`${item.title}-${index}`} eventKey={String(index)}>
                <Accordion.Header as={several ? 'h3' : 'h2'}>{item.title}</Accordion.Header>
                <Accordion.Body className="faq-answer">{item.content}</Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        </div>
      ))}
    </div>
  );
}
