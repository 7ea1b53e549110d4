import { Link } from 'react-router';
import { LegalPage, type LegalSection } from './LegalPage';

const sections: LegalSection[] = [
  {
    id: 'licence',
    title: 'Licence and prohibited uses',
    body: (
      <>
        <p>
          We grant you a personal, revocable, non-exclusive and non-transferable licence to use the Flexible Hurricane Protection
          website and apps (the "Services") to buy and manage your own policies. You must not:
        </p>
        <ul>
          <li>copy, resell or commercially exploit the Services or their content;</li>
          <li>give false information, impersonate another person, or buy cover on behalf of someone without their authority;</li>
          <li>probe, scan, overload or break the security of the Services, or reverse engineer them;</li>
          <li>use robots or scrapers, or access the Services other than through the interfaces we provide;</li>
          <li>use the Services for money laundering, fraud or any other unlawful purpose.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <>
        <p>
          Fees for the Services are charged in US dollars and can be paid by credit or debit card, by bank debit, or in the
          crypto-currencies we list as supported at the time of payment. Policy premiums are quoted in Eastern Caribbean dollars
          (EC$) as shown on your policy. You authorise us and our payment providers to charge the payment method you choose.
        </p>
        <p>
          Services sold on a monthly, quarterly or annual basis renew automatically at the end of each period, at the price then
          in force, until you cancel them. You can cancel before the renewal date from your account or by contacting us; the
          cancellation takes effect at the end of the period already paid.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Content',
    body: (
      <p>
        The text, graphics, storm data presentations and software of the Services belong to us or our licensors and are protected
        by intellectual property laws. You keep ownership of the documents and information you upload, and you give us the
        licence we need to store, process and share them to provide the Services as described in our{' '}
        <Link to="/privacy">Privacy Statement</Link>. You are responsible for making sure what you upload is accurate and lawful.
      </p>
    ),
  },
  {
    id: 'white-label',
    title: 'White-label apps',
    body: (
      <p>
        Credit unions and other partners may offer the Services under their own name or brand. These terms still apply to your
        use of such white-label apps; the partner is responsible for its own products and services, and its own terms govern
        them.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <>
        <p>
          The Services, including weather and storm-track information, are provided "as is" and "as available". Payouts are
          decided only by the parametric trigger described in your policy, using the storm data it names; the information shown
          on the website is for guidance only.
        </p>
        <p>
          To the extent the law allows, we disclaim all warranties, express or implied, including merchantability, fitness for a
          particular purpose and non-infringement. Where the law does not allow implied warranties to be excluded, they are
          limited to sixty (60) days from the date you first use the Services.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive damages, or
        for lost profits or data. Our total liability for any claim arising out of or relating to the Services is limited to the
        amounts you paid us for the Services in the three (3) months before the event giving rise to the claim. Nothing in these
        terms limits the payouts due under your policy.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using the Services at any time. We may suspend or end your access if you break these terms, if the law
        requires it, or if we stop offering the Services, and we will tell you when we can. Sections that by their nature should
        survive termination (including payment, content, disclaimers, liability and arbitration) continue to apply.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and arbitration',
    body: (
      <>
        <p>
          These terms are governed by the laws of the State of Delaware, United States, without regard to its conflict-of-law
          rules. Any dispute arising out of or relating to these terms or the Services will be resolved by binding individual
          arbitration administered by the American Arbitration Association under its Consumer Arbitration Rules, rather than in
          court, except that either party may bring an individual claim in small-claims court. Class actions and class
          arbitrations are not permitted.
        </p>
        <p>
          For claims under 25,000 US dollars, we will reimburse your filing, administration and arbitrator fees, unless the
          arbitrator finds the claim frivolous. You may opt out of arbitration by writing to us within 30 days of first accepting
          these terms.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; the date at the top shows the current version, and we will tell you of material changes
        before they apply. Questions? Use the details in the <Link to="/#contact">contact section</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p className="mb-0">
          These terms govern your use of Flexible Hurricane Protection. Your policy document sets out the cover itself; please read
          both carefully.
        </p>
      }
      sections={sections}
    />
  );
}
