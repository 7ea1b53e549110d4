import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { usePageTitle } from '../../lib/usePageTitle';
import { useEndUserFaq } from './api';
import { FaqList, NO_FAQS } from './FaqList';

export const FAQ_TITLE = 'FAQ (How it works)';

export function FAQPage() {
  const { id = 'fhp' } = useParams();
  const faq = useEndUserFaq();
  const [dialogDismissed, setDialogDismissed] = useState(false);
  usePageTitle(FAQ_TITLE);

  return (
    <Container as="section" className="section faq-page" aria-labelledby="faq-title">
      <nav aria-label="Breadcrumb" className="mb-3">
        <Link to={`/product/${id}`}>← Back to the product</Link>
      </nav>
      <h1 id="faq-title" className="mb-4">
        {FAQ_TITLE}
      </h1>
      {faq.isPending ? (
        <LoadingScreen label="Loading questions..." />
      ) : faq.isError ? (
        <>
          <EmptyState title={NO_FAQS}>Please try again in a moment.</EmptyState>
          <ErrorDialog
            show={!dialogDismissed}
            description={NO_FAQS}
            onRetry={() => {
              setDialogDismissed(true);
              void faq.refetch().then(() => setDialogDismissed(false));
            }}
            onClose={() => setDialogDismissed(true)}
          />
        </>
      ) : (
        <FaqList sections={faq.data} />
      )}
    </Container>
  );
}
