import { currentKycDocuments, profileActions, profileStatus, type ProfileAction } from '@fhp/domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { ErrorDialog, VERIFY_OTP_FAILED } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { SuccessDialog } from '../../components/SuccessDialog';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAccountProfile, useKycTimeline } from './api';
import { KycDocuments } from './components/KycDocuments';
import { KycTimeline } from './components/KycTimeline';
import { KycUpdateForm } from './components/KycUpdateForm';
import { PersonalDetails } from './components/PersonalDetails';
import { PhoneDialog } from './components/PhoneDialog';
import { PROFILE_UPDATED, ProfileForm, UPDATE_PROFILE_FAILED } from './components/ProfileForm';
import { ProfileHero } from './components/ProfileHero';
import { ACTION_LABELS } from './labels';
import './carousel.scss';
import './account.css';

export const PHONE_VERIFIED = 'Phone number verified successfully';

type Outcome = { kind: 'success'; description: string } | { kind: 'failure'; description: string; detail: string } | null;

/**
 * My Account (spec part 2 sections 2 and 4): hero, personal details, the KYC documents, the
 * buttons the profile's state allows, the KYC timeline and the profile edit form.
 */
export function MyAccountPage() {
  usePageTitle('My Account');
  const profile = useAccountProfile();
  const timeline = useKycTimeline(profile.data?.vuid);
  const [updating, setUpdating] = useState<Exclude<ProfileAction, 'verifyPhone'> | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (profile.isPending) return <LoadingScreen label="Retrieving your profile..." />;
  if (profile.isError) {
    return (
      <Container className="py-4">
        <h1 className="h3">My Account</h1>
        <ErrorDialog show onRetry={() => void profile.refetch()} onClose={() => void profile.refetch()} />
      </Container>
    );
  }

  const account = profile.data;
  const current = currentKycDocuments(account.kyc);
  const actions = profileActions(account);

  const onAction = (action: ProfileAction) => (action === 'verifyPhone' ? setVerifying(true) : setUpdating(action));

  return (
    <Container fluid="xl" className="py-4 my-account">
      {/* The page's title like every page's; the hero names the person right below it. */}
      <h1 className="visually-hidden">My Account</h1>
      <ProfileHero profile={account} status={profileStatus(account.kyc)} description={current[0]?.comment ?? null} />
      {actions.length > 0 && (
        <div className="account-actions" role="group" aria-label="Account actions">
          {actions.map((action) => (
            <Button key={action} variant={action === 'verifyPhone' ? 'outline-primary' : 'primary'} onClick={() => onAction(action)}>
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      )}
      <Row className="g-4">
        <Col lg={6}>
          <PersonalDetails profile={account} />
        </Col>
        <Col lg={6}>
          <KycDocuments documents={account.kyc} />
        </Col>
        <Col lg={5} className="order-lg-2">
          <KycTimeline entries={timeline.data ?? []} loading={timeline.isPending && Boolean(account.vuid)} failed={timeline.isError} />
        </Col>
        <Col lg={7}>
          <ProfileForm
            key={`${account.firstName}|${account.lastName}|${account.primaryContactNo}|${account.phoneVerified}|${account.image}`}
            profile={account}
            onDone={() => setOutcome({ kind: 'success', description: PROFILE_UPDATED })}
            onFailed={(detail) => setOutcome({ kind: 'failure', description: UPDATE_PROFILE_FAILED, detail })}
          />
        </Col>
      </Row>

      <KycUpdateForm
        action={updating}
        onClose={() => setUpdating(null)}
        onDone={(message) => {
          setUpdating(null);
          setOutcome({ kind: 'success', description: message });
        }}
        onFailed={(detail) => setOutcome({ kind: 'failure', description: detail, detail })}
      />
      <PhoneDialog
        open={verifying}
        hidden={outcome !== null}
        phone={account.primaryContactNo}
        onClose={() => setVerifying(false)}
        onVerified={() => {
          setVerifying(false);
          setOutcome({ kind: 'success', description: PHONE_VERIFIED });
        }}
        onFailed={(detail) => setOutcome({ kind: 'failure', description: VERIFY_OTP_FAILED, detail })}
      />
      <SuccessDialog show={outcome?.kind === 'success'} description={outcome?.description ?? ''} onClose={() => setOutcome(null)} />
      <ErrorDialog
        show={outcome?.kind === 'failure'}
        description={outcome?.description}
        detail={outcome?.kind === 'failure' ? outcome.detail : undefined}
        onClose={() => setOutcome(null)}
      />
    </Container>
  );
}
