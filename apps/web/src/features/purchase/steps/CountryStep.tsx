import { COUNTRIES, COUNTRY_CODES, countryChoiceProblem, type CountryCode } from '@fhp/domain';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useHydrated } from '../../../lib/useHydrated';
import { MandatoryNote, SelectField } from '../components/fields';
import { StepActions, StepFrame } from '../components/StepFrame';

const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRIES[code].name }));

interface CountryStepProps {
  country: CountryCode | null;
  /** Continue waits (e.g. while a stored purchase is read back). */
  disabled?: boolean;
  onDone: (country: CountryCode) => void;
}

/**
 * The first step, prerendered for a new visitor (decision 090): a plain form read when it is
 * submitted, with the domain's rule and its words, so it needs no form or schema library and a
 * country picked before the page is hydrated is the one that counts. Continue is enabled once the
 * page is hydrated: an earlier click would be the browser's own form submission.
 */
export function CountryStep({ country, disabled = false, onDone }: CountryStepProps) {
  const hydrated = useHydrated();
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Checked again as the customer changes it after a refused Continue, as the other steps' forms do.
  const registration: UseFormRegisterReturn<'country'> = {
    name: 'country',
    ref: () => undefined,
    onBlur: async () => undefined,
    onChange: async (event: { target: { value: string } }) => {
      if (submitted) setError(countryChoiceProblem(event.target.value));
    },
  };
  return (
    <StepFrame title="Select Country" intro="Choose the island where the place you want to protect is.">
      <Form
        noValidate
        className="purchase-narrow-form"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('country') ?? '');
          const problem = countryChoiceProblem(value);
          setSubmitted(true);
          setError(problem);
          if (!problem) onDone(value as CountryCode);
        }}
      >
        <MandatoryNote />
        <SelectField
          id="purchase-country"
          label="Country of the location you like to insure"
          placeholder="Select a country"
          options={COUNTRY_OPTIONS}
          defaultValue={country ?? ''}
          error={error}
          registration={registration}
        />
        <StepActions submitLabel="Continue" disabled={disabled || !hydrated} />
      </Form>
    </StepFrame>
  );
}
