import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, COUNTRY_CODES, countrySchema, type CountryCode } from '@fhp/domain';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MandatoryNote, SelectField } from '../components/fields';
import { StepActions, StepFrame } from '../components/StepFrame';

const countryFormSchema = z.object({ country: countrySchema });
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRIES[code].name }));

interface CountryStepProps {
  country: CountryCode | null;
  onDone: (country: CountryCode) => void;
}

export function CountryStep({ country, onDone }: CountryStepProps) {
  const form = useForm<z.input<typeof countryFormSchema>, unknown, z.output<typeof countryFormSchema>>({
    resolver: zodResolver(countryFormSchema),
    defaultValues: { country: country ?? '' },
  });
  return (
    <StepFrame title="Select Country" intro="Choose the island where the place you want to protect is.">
      <Form noValidate onSubmit={form.handleSubmit((values) => onDone(values.country))} className="purchase-narrow-form">
        <MandatoryNote />
        <SelectField
          id="purchase-country"
          label="Country of the location you like to insure"
          placeholder="Select a country"
          options={COUNTRY_OPTIONS}
          error={form.formState.errors.country?.message}
          registration={form.register('country')}
        />
        <StepActions submitLabel="Continue" />
      </Form>
    </StepFrame>
  );
}
