import { Link } from 'react-router';
import { LegalPage, type LegalSection } from './LegalPage';

const sections: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who this statement covers',
    body: (
      <p>
        This statement explains how Flexible Hurricane Protection ("FHP", "we", "us") handles personal information about
        individuals located in the United States who visit our website, create an account, or buy or hold a parametric hurricane
        policy for a home in Grenada or Dominica. Customers elsewhere receive the same protections described here, together with
        any additional rights their local law grants.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to sell, run and pay out your policy:</p>
        <ul>
          <li>
            <strong>Account information</strong>: your name, email address, telephone number, password and sign-in codes.
          </li>
          <li>
            <strong>Identity information</strong>: gender, occupation, postal address, identity documents (passport, social
            security card, national insurance card or driver's licence), proof of address, and your beneficiary's contact details.
          </li>
          <li>
            <strong>Biometric information</strong>: where an identity check compares your photo with your identity document, the
            facial geometry derived from those images.
          </li>
          <li>
            <strong>Device information</strong>: browser type, operating system, IP address and similar technical data sent by
            your device.
          </li>
          <li>
            <strong>Location information</strong>: the country of the insured home and an approximate location derived from your
            IP address.
          </li>
          <li>
            <strong>Content</strong>: messages, documents and declarations you send us, such as your intended use of the payout.
          </li>
          <li>
            <strong>Cookies and similar technologies</strong>: small files that keep you signed in, remember your preferences
            and tell us which pages are used, so that we can improve them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>to verify your identity and meet anti-money-laundering and sanctions obligations;</li>
        <li>to quote, issue, administer and renew your policy and to collect premium;</li>
        <li>to detect a qualifying storm and send the payout to your credit union account;</li>
        <li>to contact you about your policy by email, SMS or telephone;</li>
        <li>to keep our services secure, prevent fraud and improve the website;</li>
        <li>to send you news about our products, if you agreed to receive it.</li>
      </ul>
    ),
  },
  {
    id: 'how-we-share',
    title: 'How we share your information',
    body: (
      <>
        <p>
          We share personal information only with: the insurer and reinsurers that carry the risk; your credit union, to pay
          premiums and payouts; service providers that host our systems, send messages or check identities on our behalf and
          under contract; auditors and professional advisers; and public authorities when the law requires it.
        </p>
        <p>
          <strong>We do not sell your personal information</strong>, and we do not share it for cross-context behavioural
          advertising.
        </p>
      </>
    ),
  },
  {
    id: 'biometric-data',
    title: 'Biometric information',
    body: (
      <p>
        We use biometric information only to confirm that you are the person named on your identity document. We keep it until
        that purpose has been met, or for three (3) years after your last interaction with us, whichever comes first, and then
        destroy it permanently.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>You can ask us at any time to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal information we hold about you and receive a copy of it;
          </li>
          <li>
            <strong>delete</strong> your personal information, except what we must keep to run an active policy or by law;
          </li>
          <li>
            <strong>correct</strong> information that is inaccurate or incomplete;
          </li>
          <li>
            <strong>opt out of marketing</strong>: use the unsubscribe link in any marketing email, or contact us.
          </li>
        </ul>
        <p>
          <strong>California residents</strong> have, under the California Consumer Privacy Act as amended, the right to know the
          categories and specific pieces of personal information collected, the right to delete and to correct it, the right to
          opt out of its sale or sharing (we do neither), the right to limit the use of sensitive personal information, and the
          right not to be discriminated against for exercising these rights. An authorised agent may make a request on your
          behalf. We verify every request before acting on it.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Our services are not directed to children under 13, and we do not knowingly collect personal information from them. If
        you believe a child under 13 has given us information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security and retention',
    body: (
      <p>
        We protect your information with encryption in transit, access controls and regular reviews. Apart from biometric
        information (see above), we keep personal information for as long as your policy is active and for the period insurance,
        tax and anti-money-laundering laws require afterwards.
      </p>
    ),
  },
  {
    id: 'privacy-centre',
    title: 'Privacy centre and contact',
    body: (
      <p>
        This page, at <Link to="/privacy">/privacy</Link>, is our privacy centre: it always shows the current version of this
        statement. To exercise your rights or ask a question, use the details in the{' '}
        <Link to="/#contact">contact section</Link>. We answer within 45 days.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Statement"
      intro={<p className="mb-0">Your privacy matters to us. Here is what we collect, why, and the choices you have.</p>}
      sections={sections}
    />
  );
}
