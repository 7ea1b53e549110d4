import { BANK_ACCOUNT_TYPE_LABELS, BANK_MESSAGES, type BankAccountType } from '@fhp/domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { SuccessDialog } from '../../components/SuccessDialog';
import { TxnTimeline } from '../../components/TxnTimeline';
import { notify } from '../../components/toast';
import { openPdf } from '../../lib/downloadPdf';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePayoutAccount, usePayoutTimeline, type PayoutAccount } from './api';
import { BankForm } from './BankForm';
import './payout-details.css';

function AccountView({ account, onEdit }: { account: PayoutAccount; onEdit: () => void }) {
  const leaf = account.chequeLeaf;
  const rows: [string, string][] = [
    ['Bank name', account.bankName],
    ['Account holder’s name', account.accHolderName],
    ['Account number', account.accountNo],
    ['Account type', BANK_ACCOUNT_TYPE_LABELS[account.type as BankAccountType] ?? account.type],
    ['SWIFT or BIC code', account.swiftCode],
  ];
  return (
    <Card className="mb-4">
      <Card.Body>
        <dl className="payout-facts mb-3">
          {rows.map(([label, value]) => (
            <div key={label} className="payout-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="payout-fact">
            <dt>Cheque leaf</dt>
            <dd>
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => void openPdf(leaf.url, leaf.name, 'open').catch((error: unknown) => notify.error(displayMessageOf(error)))}
              >
                View {leaf.fileType === 'application/pdf' ? 'PDF' : 'image'}: {leaf.name}
              </Button>
            </dd>
          </div>
        </dl>
        <Button onClick={onEdit}>Update Bank details</Button>
      </Card.Body>
    </Card>
  );
}

export const TIMELINE_FAILED = 'The timeline of changes could not be loaded right now. Please try again later.'; // ours

/** The changes to the caller's payout account; a failure here leaves the rest of the page alone. */
function PayoutTimeline() {
  const timeline = usePayoutTimeline();
  if (timeline.isError) return <p className="text-body-secondary">{TIMELINE_FAILED}</p>;
  if (!timeline.data || timeline.data.length === 0) return null;
  return (
    <>
      <h2 className="h5">Timeline</h2>
      <TxnTimeline
        entries={timeline.data.map((entry) => ({
          id: entry.id,
          action: entry.action,
          when: entry.when,
          where: entry.where,
          by: entry.performedBy ? [entry.performedBy.firstName, entry.performedBy.lastName].filter(Boolean).join(' ') : null,
        }))}
      />
    </>
  );
}

/** My Payout Details (spec part 2 section 2, PayoutKYC). */
export function PayoutDetailsPage() {
  usePageTitle('My Payout Details');
  const query = usePayoutAccount();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (query.isPending) return <LoadingScreen label="Retrieving your payout details..." />;
  if (query.isError) return <ErrorDialog show onRetry={() => void query.refetch()} onClose={() => undefined} />;
  const account = query.data;
  return (
    <section aria-labelledby="payout-title" className="payout-details">
      <h1 id="payout-title" className="h3 mb-3">
        My Payout Details
      </h1>
      <p className="text-body-secondary">Payouts are sent by wire transfer to this account within 15 days of a qualifying storm.</p>
      {account && !editing ? (
        <AccountView account={account} onEdit={() => setEditing(true)} />
      ) : (
        <Card className="mb-4">
          <Card.Body>
            <BankForm
              existing={account ?? undefined}
              onSaved={() => {
                setEditing(false);
                setSaved(true);
              }}
              onCancel={account ? () => setEditing(false) : undefined}
            />
          </Card.Body>
        </Card>
      )}
      <PayoutTimeline />
      <SuccessDialog show={saved} description={BANK_MESSAGES.saved} onClose={() => setSaved(false)} />
    </section>
  );
}
