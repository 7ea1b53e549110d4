import { COUNTRIES, isCountryCode, isPolicyStatus, policyDetailActions, USE_OF_PROCEEDS_OPTIONS, type MyPolicyList, type PolicyType } from '@fhp/domain';
import { useEffect, useState, type ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { ActiveStorms } from '../../components/active-storms/ActiveStorms';
import { ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { SuccessDialog } from '../../components/SuccessDialog';
import { TxnTimeline } from '../../components/TxnTimeline';
import { notify } from '../../components/toast';
import { keepDocumentOffline, openPdf } from '../../lib/downloadPdf';
import { ApiError, displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAcknowledgePayout, useMyPayouts, useMyPolicyDetail, usePolicyTimeline, type MyPayoutRow, type MyPolicyDetail } from './api';
import { CancelPolicyForm } from './CancelPolicyForm';
import { Facts } from './Facts';
import { LedgerProof } from './LedgerProof';
import { OptionPayouts } from './OptionPayouts';
import { PaymentsSection } from './PaymentsSection';
import { PayoutsTable } from './PayoutsTable';
import { dayMonthYear, dayMonthYearOf } from './format';
import { StatusBadge } from './MyPoliciesPage';
import { LIST_PATHS, trackerPath } from './paths';
import { DETAIL_TEXTS, LIST_TEXTS } from './texts';
import './my-policies.css';

function Timeline({ policyNumber }: { policyNumber: string }) {
  const timeline = usePolicyTimeline(policyNumber);
  if (timeline.isError) return <p className="mb-0 text-body-secondary">{DETAIL_TEXTS.timelineFailed}</p>;
  if (timeline.isPending) return <LoadingScreen label="Retrieving the timeline..." />;
  if (!timeline.data || timeline.data.length === 0) return <p className="mb-0 text-body-secondary">Nothing recorded yet.</p>;
  return (
    <TxnTimeline
      entries={timeline.data.map((entry) => ({
        id: entry.id,
        action: entry.action,
        when: entry.when,
        where: entry.where,
        by: entry.performedBy ? [entry.performedBy.firstName, entry.performedBy.lastName].filter(Boolean).join(' ') : null,
      }))}
    />
  );
}

function Payouts({ number, payouts, canAcknowledge, archived }: { number: string; payouts: ReturnType<typeof useMyPayouts>; canAcknowledge: boolean; archived: boolean }) {
  const acknowledge = useAcknowledgePayout();
  const [done, setDone] = useState(false);
  if (payouts.isError) return <p className="mb-0 text-body-secondary">{DETAIL_TEXTS.payoutsFailed}</p>;
  if (payouts.isPending) return <LoadingScreen label="Retrieving the payouts..." />;
  if (payouts.data.length === 0) return <p className="mb-0 text-body-secondary">No payouts yet.</p>;
  return (
    <>
      <PayoutsTable policyNumber={number} payouts={payouts.data} archived={archived} />
      {canAcknowledge &&
        payouts.data
          .filter((payout) => payout.status === 'PAID' && !payout.acknowledged && payout.paidOn)
          .map((payout) => (
            <Alert key={payout.id} variant="info" className="d-flex flex-column flex-md-row gap-2 align-items-md-center justify-content-between">
              <span>{DETAIL_TEXTS.acknowledgement(payout.amount.formatted, dayMonthYearOf(payout.paidOn!))}</span>
              <Button
                variant="primary"
                disabled={acknowledge.isPending}
                onClick={() =>
                  acknowledge.mutate([payout.id], { onSuccess: () => setDone(true), onError: (error) => notify.error(displayMessageOf(error)) })
                }
              >
                Acknowledge payout
              </Button>
            </Alert>
          ))}
      <SuccessDialog show={done} description={DETAIL_TEXTS.acknowledged} onClose={() => setDone(false)} />
    </>
  );
}

/** Until the payouts arrive, the buttons are those of a policy without any (none of them pays). */
const NO_PAYOUTS: MyPayoutRow[] = [];

async function downloadContract(url: string, policyNumber: string) {
  try {
    await openPdf(url, `${policyNumber}.pdf`, 'download', { keepOffline: true });
  } catch (error) {
    notify.error(displayMessageOf(error));
  }
}

function Detail({ list, detail }: { list: MyPolicyList; detail: MyPolicyDetail }) {
  const { policy, payments } = detail;
  const [cancelling, setCancelling] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [cancelDialog, setCancelDialog] = useState(false);
  const payouts = useMyPayouts(policy.policyNumber);
  // The contract is kept on the device with the policy, so that it opens offline (decision 116).
  useEffect(() => {
    if (payments.contractUrl) void keepDocumentOffline(payments.contractUrl);
  }, [payments.contractUrl]);
  // Spec part 2 section 4: the buttons by view and state (the domain's rule).
  const actions = isPolicyStatus(policy.status)
    ? policyDetailActions(list, {
        type: policy.type as PolicyType,
        status: policy.status,
        cancellationPending: detail.cancellationPending,
        blockchainTxnURL: detail.blockchainTxnURL ?? null,
        payouts: payouts.data ?? NO_PAYOUTS,
      })
    : [];
  const canAcknowledge = actions.includes('acknowledgePayout');
  const beneficiary = detail.benificiaryDetail;
  const proceeds = detail.useOfProceeds.filter((entry) => entry.selected).map((entry) => USE_OF_PROCEEDS_OPTIONS.find((option) => option.value === entry.value)?.label ?? entry.value);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">{policy.optionTitle}</h1>
          <p className="mb-0">
            <span className="font-monospace">{policy.policyNumber}</span> <StatusBadge status={policy.status} />
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {actions.includes('cancel') && (
            <Button variant="outline-danger" onClick={() => setCancelling(true)}>
              Cancel policy
            </Button>
          )}
          {actions.includes('viewTransaction') && detail.blockchainTxnURL && (
            <Link className="btn btn-outline-primary" to={detail.blockchainTxnURL}>
              View in Blockchain Explorer
            </Link>
          )}
          {actions.includes('analytics') && (
            // From the archive (an expired cover term) the tracker opens on the term's first month, and leads back to the archive.
            <Link className="btn btn-primary" to={list === 'ARCHIVED' ? trackerPath(policy.policyNumber, `${policy.seasonYear}-06`, { archived: true }) : trackerPath(policy.policyNumber)}>
              Tropical Cyclone Tracker
            </Link>
          )}
        </div>
      </div>
      <ActiveStorms policyNumber={policy.policyNumber} />
      {cancelled && <Alert variant="success">{DETAIL_TEXTS.cancelled}</Alert>}
      {detail.cancellationPending && !cancelled && <Alert variant="warning">A cancellation request for this policy is waiting for review.</Alert>}
      <Accordion defaultActiveKey={['policy', 'payouts']} alwaysOpen>
        <Accordion.Item eventKey="policy">
          <Accordion.Header>Policy</Accordion.Header>
          <Accordion.Body>
            <Facts
              rows={[
                ['Policy number', policy.policyNumber],
                ['Status', <StatusBadge key="s" status={policy.status} />],
                ['Country insured', policy.countryName],
                ['Season', `${policy.seasonYear} (June 1 to May 31)`],
                ['Coverage', policy.coverage.formatted],
                ['Premium', policy.discountedPremium ? `${policy.discountedPremium.formatted} (was ${policy.premium.formatted})` : policy.premium.formatted],
                ['Purchased', dayMonthYear(policy.purchasedAt)],
              ]}
            />
            <OptionPayouts optionId={policy.productDefination} coverageCents={policy.coverage.cents} />
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="document">
          <Accordion.Header>Policy document</Accordion.Header>
          <Accordion.Body>
            {payments.contractUrl ? (
              <Button variant="outline-primary" onClick={() => void downloadContract(payments.contractUrl!, policy.policyNumber)}>
                Download policy PDF
              </Button>
            ) : (
              <p className="mb-0 text-body-secondary">The policy document is issued once the premium is paid in full.</p>
            )}
            {detail.blockchainTxnURL && <LedgerProof link={detail.blockchainTxnURL} />}
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="beneficiary">
          <Accordion.Header>Beneficiary details</Accordion.Header>
          <Accordion.Body>
            {beneficiary ? (
              <Facts
                rows={[
                  ['Name', `${beneficiary.firstName} ${beneficiary.lastName}`],
                  ['Email', beneficiary.email],
                  ['Phone', beneficiary.mobileNo],
                  ['Address', `${beneficiary.addressLine1}, ${beneficiary.city}, ${isCountryCode(beneficiary.country) ? COUNTRIES[beneficiary.country].name : beneficiary.country}`],
                ]}
              />
            ) : (
              <p className="mb-0">-</p>
            )}
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="proceeds">
          <Accordion.Header>Use of proceeds</Accordion.Header>
          <Accordion.Body>
            <ul className="mb-0">{proceeds.map((label) => <li key={label}>{label}</li>)}</ul>
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="payments">
          <Accordion.Header>Payments</Accordion.Header>
          <Accordion.Body>
            <PaymentsSection status={policy.status} payments={payments} />
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="payouts">
          <Accordion.Header>Payouts</Accordion.Header>
          <Accordion.Body>
            <Payouts number={policy.policyNumber} payouts={payouts} canAcknowledge={canAcknowledge} archived={list === 'ARCHIVED'} />
          </Accordion.Body>
        </Accordion.Item>
        <Accordion.Item eventKey="timeline">
          <Accordion.Header>Transaction timeline</Accordion.Header>
          <Accordion.Body>
            <Timeline policyNumber={policy.policyNumber} />
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
      <CancelPolicyForm
        policyId={policy.policyId}
        show={cancelling}
        onClose={() => setCancelling(false)}
        onDone={() => {
          setCancelling(false);
          setCancelled(true);
          setCancelDialog(true);
        }}
      />
      <SuccessDialog show={cancelDialog} description={DETAIL_TEXTS.cancelledDialog} onClose={() => setCancelDialog(false)} />
    </>
  );
}

/** A policy of the list the address names; the number is the last path segment. */
export function PolicyDetailPage({ list, notFound }: { list: MyPolicyList; notFound: ReactNode }) {
  const { id = '' } = useParams();
  const query = useMyPolicyDetail(list, id);
  usePageTitle(query.data ? `Policy ${query.data.policy.policyNumber}` : LIST_TEXTS[list].title);
  if (query.isPending) return <LoadingScreen label={DETAIL_TEXTS.loading} />;
  if (query.error instanceof ApiError && query.error.code === 'NOT_FOUND') return <>{notFound}</>;
  if (query.isError || !query.data) {
    return (
      <>
        <p>
          <Link to={LIST_PATHS[list]}>Back to {LIST_TEXTS[list].title}</Link>
        </p>
        <ErrorDialog show onRetry={() => void query.refetch()} onClose={() => undefined} />
      </>
    );
  }
  return (
    <section className="policy-detail">
      <Detail list={list} detail={query.data} />
    </section>
  );
}
