import { zodResolver } from '@hookform/resolvers/zod';
import { BANK_ACCOUNT_TYPE_LABELS, BANK_ACCOUNT_TYPES, BANK_MESSAGES, bankAccountFormSchema, MAX_UPLOAD_BYTES, PROOF_MIME_TYPES } from '@fhp/domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorDialog } from '../../components/ErrorDialog';
import { MandatoryNote, RequiredMark } from '../../components/form/fields';
import { LoadingScreen } from '../../components/LoadingScreen';
import { displayMessageOf } from '../../lib/graphql/errors';
import { useSaveBankAccount, type PayoutAccount } from './api';

type Values = z.input<typeof bankAccountFormSchema>;
type Field = keyof Values;

export const SAVING_TEXT = 'Please wait while we update your payout details...';
export const CHEQUE_TYPE = 'The cheque leaf must be a PNG, PDF, JPEG or JPG file'; // ours
const CHEQUE_SIZE = 'The cheque leaf must be at most 20 MB'; // ours

/**
 * The cheque leaf: one png, pdf, jpeg or jpg of at most 20,000,000 bytes (spec part 2 section 5).
 * On an update no file keeps the one on file (the server takes its id back).
 */
function chequeLeafProblem(files: FileList | null, canKeep: boolean): string | null {
  if ((!files || files.length === 0) && canKeep) return null;
  if (!files || files.length !== 1) return BANK_MESSAGES.chequeLeafRequired;
  const [file] = files;
  if (!(PROOF_MIME_TYPES as readonly string[]).includes(file!.type)) return CHEQUE_TYPE;
  if (file!.size > MAX_UPLOAD_BYTES) return CHEQUE_SIZE;
  return null;
}

/**
 * The edit form (spec part 2 section 2): cnfAccountNumber is checked here and never sent. An update
 * starts from the account on file; the number is re-entered (it is kept sealed, never shown whole).
 */
export function BankForm({ existing, onSaved, onCancel }: { existing?: PayoutAccount; onSaved: () => void; onCancel?: () => void }) {
  const save = useSaveBankAccount();
  const [files, setFiles] = useState<FileList | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof bankAccountFormSchema>>({
    resolver: zodResolver(bankAccountFormSchema),
    defaultValues: {
      accHolderName: existing?.accHolderName ?? '',
      bankName: existing?.bankName ?? '',
      accountNo: '',
      cnfAccountNumber: '',
      swiftCode: existing?.swiftCode ?? '',
      // '' selects the "Choose…" placeholder until a type is picked.
      type: (existing?.type ?? '') as Values['type'],
    },
  });
  const { errors } = form.formState;
  const field = (name: Field) => ({
    isInvalid: Boolean(errors[name]),
    'aria-describedby': errors[name] ? `bank-${name}-error` : undefined,
    ...form.register(name),
  });
  const feedback = (name: Field) => (
    <Form.Control.Feedback type="invalid" id={`bank-${name}-error`}>
      {errors[name]?.message}
    </Form.Control.Feedback>
  );
  const kept = existing?.chequeLeaf;
  const submit = form.handleSubmit(
    async ({ cnfAccountNumber: _confirmation, ...input }) => {
      const problem = chequeLeafProblem(files, Boolean(kept));
      setFileError(problem);
      if (problem) return;
      const file = files?.[0];
      try {
        await save.mutateAsync({ input, chequeLeaf: file ? { file } : { keepFileId: kept!.id } });
        onSaved();
      } catch {
        // shown from save.error
      }
    },
    () => setFileError(chequeLeafProblem(files, Boolean(kept))),
  );

  if (save.isPending) return <LoadingScreen label={SAVING_TEXT} />;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="bank-form-title">
      <h2 id="bank-form-title" className="h5 mb-2">
        Bank details
      </h2>
      <MandatoryNote />
      <ErrorDialog show={save.isError} detail={save.error ? displayMessageOf(save.error) : undefined} onClose={() => save.reset()} />
      <Row className="g-3">
        <Form.Group as={Col} md={6} controlId="bank-accHolderName">
          <Form.Label>
            Account holder’s name
            <RequiredMark />
          </Form.Label>
          <Form.Control autoComplete="name" {...field('accHolderName')} />
          {feedback('accHolderName')}
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="bank-bankName">
          <Form.Label>
            Bank name
            <RequiredMark />
          </Form.Label>
          <Form.Control {...field('bankName')} />
          {feedback('bankName')}
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="bank-accountNo">
          <Form.Label>
            Account number
            <RequiredMark />
          </Form.Label>
          <Form.Control type="password" autoComplete="off" inputMode="text" {...field('accountNo')} />
          {feedback('accountNo')}
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="bank-cnfAccountNumber">
          <Form.Label>
            Confirm account number
            <RequiredMark />
          </Form.Label>
          <Form.Control type="password" autoComplete="off" {...field('cnfAccountNumber')} />
          {feedback('cnfAccountNumber')}
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="bank-type">
          <Form.Label>
            Account type
            <RequiredMark />
          </Form.Label>
          <Form.Select {...field('type')}>
            <option value="" disabled>
              Choose…
            </option>
            {BANK_ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {BANK_ACCOUNT_TYPE_LABELS[type]}
              </option>
            ))}
          </Form.Select>
          {feedback('type')}
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="bank-swiftCode">
          <Form.Label>
            SWIFT or BIC code
            <RequiredMark />
          </Form.Label>
          <Form.Control autoCapitalize="characters" {...field('swiftCode')} />
          {feedback('swiftCode')}
        </Form.Group>
        <Form.Group as={Col} xs={12} controlId="bank-chequeLeaf">
          <Form.Label>
            Cheque leaf
            {!kept && <RequiredMark />}
          </Form.Label>
          <Form.Control
            type="file"
            accept=".png,.pdf,.jpeg,.jpg,image/png,application/pdf,image/jpeg"
            isInvalid={Boolean(fileError)}
            aria-describedby={fileError ? 'bank-chequeLeaf-error' : 'bank-chequeLeaf-hint'}
            onChange={(event) => {
              const input = event.target as HTMLInputElement;
              setFiles(input.files);
              setFileError(null);
            }}
          />
          <Form.Text id="bank-chequeLeaf-hint">
            One PNG, PDF, JPEG or JPG file, at most 20 MB.{kept ? ` Leave it empty to keep ${kept.name}.` : ''}
          </Form.Text>
          <Form.Control.Feedback type="invalid" id="bank-chequeLeaf-error">
            {fileError}
          </Form.Control.Feedback>
        </Form.Group>
      </Row>
      <div className="d-flex gap-2 mt-4">
        <Button type="submit">Save bank details</Button>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
