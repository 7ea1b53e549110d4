import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADDRESS_PROOF_TYPES,
  GENDERS,
  ID_PROOF_TYPES,
  KYC_MESSAGES,
  type KycFormInput,
  type KycFormValues,
} from '@fhp/domain';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, type Resolver } from 'react-hook-form';
import { ErrorDialog } from '../../../components/ErrorDialog';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { readAccessToken } from '../../../lib/auth/session';
import { submitKycDetails, uploadProof, type ProofPurpose, type PurchaseProfile } from '../api';
import { errorMessage, FileField, MandatoryNote, SelectField, TextField } from '../components/fields';
import { StepActions, StepFrame } from '../components/StepFrame';
import {
  ADDRESS_PROOF_LABELS,
  GENDER_LABELS,
  holderFromForm,
  ID_PROOF_LABELS,
  kycSchemaFor,
  kycTextValues,
  missingProofs,
  PROOF_ACCEPT,
  proofUploads,
  submitKycInput,
  type KycHolder,
} from '../state/kyc';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
const GENDER_OPTIONS = options(GENDERS, GENDER_LABELS);
const ID_PROOF_OPTIONS = options(ID_PROOF_TYPES, ID_PROOF_LABELS);
const ADDRESS_PROOF_OPTIONS = options(ADDRESS_PROOF_TYPES, ADDRESS_PROOF_LABELS);
const FILE_HINT = 'One PNG, PDF, JPEG or JPG file, at most 20 MB.';

/** The select words its refusal as the spec's select-level text; the schema's form-level one is the server's. */
function idProofSelectError(error: unknown): string | undefined {
  return errorMessage(error) === KYC_MESSAGES.idProofTypeRequired ? KYC_MESSAGES.idProofSelectRequired : errorMessage(error);
}

interface KycStepProps {
  profile: PurchaseProfile;
  /** Text values from an earlier visit (session storage); files are never kept. */
  saved: Record<string, string> | null;
  /** The insured country's name, to pre-fill the address. */
  countryName: string;
  onBack: (draft: Record<string, string>) => void;
  onDone: (values: Record<string, string>) => void;
}

type Progress = Partial<Record<ProofPurpose, number>>;

function holderFromProfile(profile: PurchaseProfile): KycHolder {
  return {
    gender: profile.gender ?? '',
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    occupation: profile.occupation ?? '',
    primaryContactNo: profile.primaryContactNo ?? '',
    address: {
      addressLine1: profile.address?.addressLine1 ?? '',
      city: profile.address?.city ?? '',
      country: profile.address?.country ?? '',
    },
    email: profile.email,
  };
}

/**
 * The KYC form (spec part 1 sections 3 and 5): holder, proofs and beneficiary the first time;
 * after a first submission only the beneficiary and the proofs still missing. On submit each file
 * goes to `POST /api/v1/files`, then `SubmitKYCDetails` refers to them by id.
 */
export function KycStep({ profile, saved, countryName, onBack, onDone }: KycStepProps) {
  const firstTime = !profile.kycSubmitted;
  const missing = missingProofs(profile);
  const schema = useMemo(() => kycSchemaFor(profile.kycSubmitted, missing), [profile.kycSubmitted, missing.idProof, missing.addressProof]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<KycFormInput, unknown, Partial<KycFormValues>>({
    // The schema depends on what the profile still lacks; each variant validates a subset of the full form's fields.
    resolver: zodResolver(schema) as unknown as Resolver<KycFormInput, unknown, Partial<KycFormValues>>,
    defaultValues: { email: profile.email, country: countryName, beneficiaryCountry: countryName, ...saved },
  });
  const [progress, setProgress] = useState<Progress>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const errors = form.formState.errors;
  const text = (name: keyof KycFormInput) => ({ error: errorMessage(errors[name]), registration: form.register(name) });

  async function submit(values: Partial<KycFormValues>) {
    setBusy(true);
    setError(null);
    try {
      const token = readAccessToken();
      if (!token) throw new Error('Signed out');
      const uploads = proofUploads(values);
      const uploaded = [];
      for (const upload of uploads) {
        setProgress((current) => ({ ...current, [upload.purpose]: 0 }));
        const file = await uploadProof(upload.file, upload.purpose, token, (fraction) =>
          setProgress((current) => ({ ...current, [upload.purpose]: fraction })),
        );
        uploaded.push({ upload, file });
      }
      // Nothing new to store when the profile already has both proofs: the beneficiary goes with the purchase.
      if (firstTime || uploaded.length > 0) {
        await submitKycDetails(submitKycInput(firstTime ? holderFromForm(values) : holderFromProfile(profile), uploaded));
      }
      onDone(kycTextValues(values));
    } catch (failure) {
      // A refused submission (an upload or SubmitKYCDetails) opens the "Uh oh." dialog; the sentence stays above the buttons too.
      setError(displayMessageOf(failure));
      setDialog(true);
    } finally {
      setBusy(false);
      setProgress({});
    }
  }

  const progressOf = (purpose: ProofPurpose) => progress[purpose] ?? null;

  return (
    <StepFrame
      title="KYC Form"
      intro={firstTime ? 'Tell us who you are and who benefits from the policy. We check your identity before the policy is issued.' : 'We already have your details. Please add the beneficiary of this policy and any proof we still need.'}
    >
      <Form noValidate onSubmit={form.handleSubmit(submit)}>
        <MandatoryNote />
        {firstTime && (
          <fieldset className="mb-4">
            <legend className="h5">Policy holder</legend>
            <Row>
              <Col md={6}><TextField id="kyc-firstName" label="First Name" autoComplete="given-name" {...text('firstName')} /></Col>
              <Col md={6}><TextField id="kyc-lastName" label="Last Name" autoComplete="family-name" {...text('lastName')} /></Col>
              <Col md={6}><SelectField id="kyc-gender" label="Gender" placeholder="Select gender" options={GENDER_OPTIONS} {...text('gender')} /></Col>
              <Col md={6}><TextField id="kyc-occupation" label="Occupation" autoComplete="organization-title" {...text('occupation')} /></Col>
              <Col md={12}><TextField id="kyc-streetAddress" label="Street Address" autoComplete="street-address" {...text('streetAddress')} /></Col>
              <Col md={6}><TextField id="kyc-city" label="City" autoComplete="address-level2" {...text('city')} /></Col>
              <Col md={6}><TextField id="kyc-country" label="Country" autoComplete="country-name" {...text('country')} /></Col>
              <Col md={6}><TextField id="kyc-email" label="Email" type="email" autoComplete="email" {...text('email')} /></Col>
              <Col md={6}><TextField id="kyc-telephone" label="Telephone" type="tel" autoComplete="tel" {...text('telephone')} /></Col>
            </Row>
          </fieldset>
        )}

        {(missing.idProof || missing.addressProof) && (
          <fieldset className="mb-4 purchase-narrow-form">
            <legend className="h5">Proof of identity and address</legend>
            {/* One field per row, in the spec's order: idProofType, idProof, addressProofType, addressProof. */}
            {missing.idProof && (
              <>
                <SelectField id="kyc-idProofType" label="Id Proof Type" placeholder="Select Id Proof" options={ID_PROOF_OPTIONS} {...text('idProofType')} error={idProofSelectError(errors.idProofType)} />
                <FileField id="kyc-idProof" label="Id Proof" accept={PROOF_ACCEPT} hint={FILE_HINT} progress={progressOf('ID_PROOF')} {...text('idProof')} />
              </>
            )}
            {missing.addressProof && (
              <>
                <SelectField id="kyc-addressProofType" label="Address Proof Type" placeholder="Select Address Proof" options={ADDRESS_PROOF_OPTIONS} {...text('addressProofType')} />
                <FileField id="kyc-addressProof" label="Address Proof" accept={PROOF_ACCEPT} hint={FILE_HINT} progress={progressOf('ADDRESS_PROOF')} {...text('addressProof')} />
              </>
            )}
          </fieldset>
        )}

        <fieldset className="mb-2">
          <legend className="h5">Beneficiary</legend>
          <p className="small text-body-secondary">The beneficiary receives the payout only if you die before a payout is triggered.</p>
          <Row>
            <Col md={6}><TextField id="kyc-beneficiaryFirstName" label="Beneficiary First Name" {...text('beneficiaryFirstName')} /></Col>
            <Col md={6}><TextField id="kyc-beneficiaryLastName" label="Beneficiary Last Name" {...text('beneficiaryLastName')} /></Col>
            <Col md={12}><TextField id="kyc-beneficiaryStreetAddress" label="Beneficiary Street Address" {...text('beneficiaryStreetAddress')} /></Col>
            <Col md={6}><TextField id="kyc-beneficiaryCity" label="Beneficiary City" {...text('beneficiaryCity')} /></Col>
            <Col md={6}><TextField id="kyc-beneficiaryCountry" label="Beneficiary Country" {...text('beneficiaryCountry')} /></Col>
            <Col md={6}><TextField id="kyc-beneficiaryEmail" label="Beneficiary Email" type="email" {...text('beneficiaryEmail')} /></Col>
            <Col md={6}><TextField id="kyc-beneficiaryTelephone" label="Beneficiary Telephone" type="tel" {...text('beneficiaryTelephone')} /></Col>
          </Row>
        </fieldset>

        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <StepActions
          onBack={() => onBack(kycTextValues(form.getValues() as Record<string, unknown>))}
          submitLabel="Submit"
          busy={busy}
          busyLabel={Object.keys(progress).length > 0 ? 'Uploading your documents...' : 'Saving your details...'}
        />
      </Form>
      <ErrorDialog show={dialog} description={error ?? undefined} onClose={() => setDialog(false)} />
    </StepFrame>
  );
}
