import { zodResolver } from '@hookform/resolvers/zod';
import { kycProofSchema, PROOF_TYPE_OPTIONS, proofsToUpdate, type KycDocumentType, type ProfileAction } from '@fhp/domain';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { errorMessage, FileField, MandatoryNote, SelectField } from '../../../components/form/fields';
import { readAccessToken } from '../../../lib/auth/session';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { ADDRESS_PROOF_LABELS, ID_PROOF_LABELS, PROOF_ACCEPT } from '../../../lib/kycLabels';
import { uploadProof } from '../../../lib/uploads';
import { useEditKycDoc } from '../api';
import { ACTION_LABELS } from '../labels';

const FILE_HINT = 'One PNG, PDF, JPEG or JPG file, at most 20 MB.';
const LABELS: Record<string, string> = { ...ID_PROOF_LABELS, ...ADDRESS_PROOF_LABELS };

/** Each proof's two fields, named as in the purchase's KYC form (spec order: type, then file). */
const FIELDS = {
  ID_PROOF: { type: 'idProofType', file: 'idProof', typeLabel: 'Id Proof Type', fileLabel: 'Id Proof', placeholder: 'Select Id Proof' },
  ADDRESS_PROOF: { type: 'addressProofType', file: 'addressProof', typeLabel: 'Address Proof Type', fileLabel: 'Address Proof', placeholder: 'Select Address Proof' },
} as const;

function schemaFor(types: readonly KycDocumentType[]) {
  const picked: Partial<Record<'idProofType' | 'idProof' | 'addressProofType' | 'addressProof', true>> = {};
  for (const type of types) {
    picked[FIELDS[type].type] = true;
    picked[FIELDS[type].file] = true;
  }
  return kycProofSchema.pick(picked);
}

interface KycUpdateFormProps {
  action: Exclude<ProfileAction, 'verifyPhone'> | null;
  onClose: () => void;
  onDone: (message: string) => void;
  onFailed: (message: string) => void;
}

/**
 * The KYC document update (editKYCDoc): the proof the button names, or both, in the spec's field
 * order; each file goes to `POST /api/v1/files` first, and only the chosen proofs are sent.
 */
export function KycUpdateForm({ action, onClose, onDone, onFailed }: KycUpdateFormProps) {
  return (
    <Modal show={action !== null} onHide={onClose} centered aria-labelledby="kyc-update-title">
      {action && <KycUpdateBody key={action} action={action} onClose={onClose} onDone={onDone} onFailed={onFailed} />}
    </Modal>
  );
}

function KycUpdateBody({ action, onClose, onDone, onFailed }: KycUpdateFormProps & { action: NonNullable<KycUpdateFormProps['action']> }) {
  const types = proofsToUpdate(action);
  const schema = useMemo(() => schemaFor(types), [action]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<FieldValues>({ resolver: zodResolver(schema) as unknown as Resolver<FieldValues> });
  const edit = useEditKycDoc();
  const [progress, setProgress] = useState<Partial<Record<KycDocumentType, number>>>({});
  const [busy, setBusy] = useState(false);
  const errors = form.formState.errors;
  const field = (name: string) => ({ error: errorMessage(errors[name]), registration: form.register(name) });

  async function submit(values: FieldValues) {
    setBusy(true);
    try {
      const token = readAccessToken();
      if (!token) throw new Error('Signed out');
      const documents = [];
      for (const type of types) {
        const file = (values[FIELDS[type].file] as File[])[0]!;
        const uploaded = await uploadProof(file, type, token, (fraction) => setProgress((current) => ({ ...current, [type]: fraction })));
        documents.push({ fileId: uploaded.id, type, name: String(values[FIELDS[type].type]), status: 'SUBMITTED' });
      }
      onDone(await edit.mutateAsync({ documents }));
    } catch (error) {
      onFailed(displayMessageOf(error));
    } finally {
      setBusy(false);
      setProgress({});
    }
  }

  return (
    <Form noValidate onSubmit={form.handleSubmit(submit)}>
      <Modal.Header closeButton>
        <Modal.Title id="kyc-update-title" as="h2" className="h5">
          {ACTION_LABELS[action]}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <MandatoryNote />
        {types.map((type) => {
          const names = FIELDS[type];
          return (
            <fieldset key={type}>
              <SelectField
                id={`update-${names.type}`}
                label={names.typeLabel}
                placeholder={names.placeholder}
                options={PROOF_TYPE_OPTIONS[type].map((value) => ({ value, label: LABELS[value] ?? value }))}
                // Spec part 2, KYC document update: "Id proof type is required" (the purchase form's select says "Id Proof is required").
                {...field(names.type)}
              />
              <FileField id={`update-${names.file}`} label={names.fileLabel} accept={PROOF_ACCEPT} hint={FILE_HINT} progress={progress[type] ?? null} {...field(names.file)} />
            </fieldset>
          );
        })}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              Uploading your documents...
            </>
          ) : (
            'Submit'
          )}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
