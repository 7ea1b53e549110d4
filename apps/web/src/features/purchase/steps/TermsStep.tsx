import { zodResolver } from '@hookform/resolvers/zod';
import { CRIME_FLAGS, TERMS_OF_USE_OPTIONS, termsFormSchema, type TermsFormValues } from '@fhp/domain';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MandatoryNote, RequiredMark } from '../components/fields';
import { StepActions, StepFrame } from '../components/StepFrame';

const LABELS = Object.fromEntries(TERMS_OF_USE_OPTIONS.map((option) => [option.value, option.label])) as Record<
  (typeof TERMS_OF_USE_OPTIONS)[number]['value'],
  string
>;

type TermsInput = z.input<typeof termsFormSchema>;

interface TermsStepProps {
  saved: TermsFormValues | null;
  onBack: () => void;
  onDone: (terms: TermsFormValues) => void;
}

/** Terms of use and declaration: the PEP question, each "not charged" box and the declaration. */
export function TermsStep({ saved, onBack, onDone }: TermsStepProps) {
  const form = useForm<TermsInput, unknown, TermsFormValues>({ resolver: zodResolver(termsFormSchema), defaultValues: saved ?? {} });
  const errors = form.formState.errors;

  const checkbox = (name: (typeof CRIME_FLAGS)[number] | 'declare') => {
    const error = errors[name]?.message;
    return (
      <Form.Check key={name} id={`terms-${name}`} className="mb-2">
        <Form.Check.Input
          type="checkbox"
          isInvalid={Boolean(error)}
          aria-required="true"
          aria-describedby={error ? `terms-${name}-error` : undefined}
          {...form.register(name)}
        />
        <Form.Check.Label>
          {LABELS[name]}
          <RequiredMark />
        </Form.Check.Label>
        {error && (
          <div id={`terms-${name}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </Form.Check>
    );
  };
  const pepError = errors.pep?.message;

  return (
    <StepFrame title="Terms of Use" intro="Insurers must ask these questions before they can cover you. Please answer truthfully.">
      <Form noValidate onSubmit={form.handleSubmit(onDone)}>
        <MandatoryNote />
        <fieldset className="mb-4" aria-describedby={pepError ? 'terms-pep-error' : undefined}>
          <legend className="h6">
            Are you a politically exposed person (PEP): someone who holds, or has held, a prominent public function, or a close
            relative or associate of such a person?
            <RequiredMark />
          </legend>
          <Form.Check inline type="radio" id="terms-pepYes" label="Yes" value="pepYes" isInvalid={Boolean(pepError)} {...form.register('pep')} />
          <Form.Check inline type="radio" id="terms-pepNo" label="No" value="pepNo" isInvalid={Boolean(pepError)} {...form.register('pep')} />
          {pepError && (
            <div id="terms-pep-error" className="invalid-feedback d-block">
              {pepError}
            </div>
          )}
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h6">Criminal record</legend>
          {CRIME_FLAGS.map(checkbox)}
        </fieldset>
        <fieldset>
          <legend className="h6">Declaration</legend>
          {checkbox('declare')}
        </fieldset>
        <StepActions onBack={onBack} submitLabel="Accept and continue" />
      </Form>
    </StepFrame>
  );
}
