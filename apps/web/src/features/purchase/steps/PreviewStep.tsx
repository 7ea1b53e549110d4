import { Fragment } from 'react';
import { previewBeneficiary, previewHolder, type CountryCode, type PreviewPerson } from '@fhp/domain';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { PurchaseProfile } from '../api';
import { ChosenOptionSummary } from '../components/ChosenOptionSummary';
import { StepActions, StepFrame } from '../components/StepFrame';
import type { ChosenOption } from '../state/purchaseData';

const PERSON_FIELDS: readonly [keyof PreviewPerson, string][] = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['streetAddress', 'Street Address'],
  ['city', 'City'],
  ['countryName', 'Country'],
  ['email', 'Email'],
  ['telephone', 'Telephone'],
];

function PersonCard({ title, person }: { title: string; person: PreviewPerson }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <h3 className="h5 mb-3">{title}</h3>
        <dl className="row mb-0 summary-list">
          {PERSON_FIELDS.map(([field, label]) => (
            <Fragment key={field}>
              <dt className="col-5">{label}</dt>
              <dd className="col-7 text-break">{person[field] || '-'}</dd>
            </Fragment>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}

interface PreviewStepProps {
  kycForm: Record<string, string> | null;
  profile: PurchaseProfile | undefined;
  option: ChosenOption;
  country: CountryCode;
  onBack: () => void;
  onDone: (holder: PreviewPerson) => void;
}

/** Holder (from the KYC form when it has a first name and a telephone, else the profile), beneficiary and option. */
export function PreviewStep({ kycForm, profile, option, country, onBack, onDone }: PreviewStepProps) {
  const holder = previewHolder(kycForm, profile);
  const beneficiary = previewBeneficiary(kycForm);
  return (
    <StepFrame title="Preview and Confirm" intro="Please check these details. Go back to correct anything that is wrong.">
      <Row className="g-3 mb-3">
        <Col lg={6}>
          <PersonCard title="Policy holder" person={holder} />
        </Col>
        <Col lg={6}>
          <PersonCard title="Beneficiary" person={beneficiary} />
        </Col>
        <Col xs={12}>
          <Card>
            <Card.Body>
              <h3 className="h5 mb-3">Your policy</h3>
              <ChosenOptionSummary option={option} country={country} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <StepActions onBack={onBack} submitLabel="Confirm" onSubmit={() => onDone(holder)} />
    </StepFrame>
  );
}
