import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { DEFAULT_ERROR_DESCRIPTION, ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAdminContent } from './api';
import { FaqEditor } from './FaqEditor';
import { LandingEditor } from './LandingEditor';
import { SiteEditor } from './SiteEditor';
import './content-admin.css';

type Tab = 'faq' | 'landing' | 'site';
const TABS: [Tab, string][] = [
  ['faq', 'FAQ'],
  ['landing', 'Landing page'],
  ['site', 'Footer & contact'],
];
const DASHBOARD_LABEL: Record<string, string> = { END_USER: 'customers', ADMIN: 'administrators' };

/**
 * The administrators' content editor (issue 11 item 7): FAQ sections, the landing page's texts, the
 * footer and the contact lines, each edited, previewed, then saved; visitors see a save at once.
 */
export function ContentAdminPage() {
  usePageTitle('Content');
  const content = useAdminContent();
  const [tab, setTab] = useState<Tab>('faq');
  const [sectionId, setSectionId] = useState<number | null>(null);
  const data = content.data;
  const section = data?.faqSections.find((s) => s.id === sectionId) ?? data?.faqSections[0];
  const landing = data?.landing[0];

  return (
    <Container as="section" className="content-admin py-4" aria-labelledby="content-title">
      <h1 id="content-title" className="h3 mb-1">
        Content
      </h1>
      <p className="text-body-secondary">What visitors read on the public pages. Edit, preview, then save: the pages change within seconds.</p>
      {content.isPending ? (
        <LoadingScreen label="Retrieving content..." />
      ) : content.isError || !data ? (
        <ErrorDialog show description={DEFAULT_ERROR_DESCRIPTION} detail={displayMessageOf(content.error)} onRetry={() => void content.refetch()} onClose={() => void content.refetch()} />
      ) : (
        <>
          <Nav variant="tabs" className="mb-3 content-tabs" activeKey={tab} onSelect={(key) => setTab((key as Tab | null) ?? 'faq')} role="tablist">
            {TABS.map(([key, label]) => (
              <Nav.Item key={key}>
                <Nav.Link eventKey={key} role="tab" aria-selected={tab === key}>
                  {label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <div role="tabpanel" aria-label={TABS.find(([key]) => key === tab)?.[1]}>
            {tab === 'faq' && section ? (
              <>
                <Form.Group controlId="faq-section" className="mb-3 content-section-pick">
                  <Form.Label className="small mb-1">FAQ section</Form.Label>
                  <Form.Select value={section.id} onChange={(e) => setSectionId(Number(e.target.value))}>
                    {data.faqSections.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.title} (for {DASHBOARD_LABEL[s.dashboard] ?? s.dashboard})
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <FaqEditor key={section.id} section={section} />
              </>
            ) : null}
            {tab === 'landing' && landing ? <LandingEditor landing={landing} /> : null}
            {tab === 'site' ? <SiteEditor site={data.site} /> : null}
          </div>
        </>
      )}
    </Container>
  );
}
