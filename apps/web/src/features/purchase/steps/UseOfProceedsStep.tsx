import {
  PURCHASE_MESSAGES,
  USE_OF_PROCEEDS_OPTIONS,
  useOfProceedsReducer,
  type UseOfProceedsValue,
} from '@fhp/domain';
import { useReducer, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MandatoryNote, RequiredMark } from '../components/fields';
import { HomeProtectionDialog } from '../components/HomeProtectionDialog';
import { StepActions, StepFrame } from '../components/StepFrame';

interface UseOfProceedsStepProps {
  saved: readonly UseOfProceedsValue[];
  onBack: () => void;
  onDone: (selected: UseOfProceedsValue[]) => void;
}

/** Intended purpose of a payout, multi-select; home protection runs the domain's dialog. */
export function UseOfProceedsStep({ saved, onBack, onDone }: UseOfProceedsStepProps) {
  const [state, dispatch] = useReducer(useOfProceedsReducer, { selected: saved, dialog: null });
  const [submitted, setSubmitted] = useState(false);
  const error = submitted && state.selected.length === 0 ? PURCHASE_MESSAGES.useOfProceedsRequired : undefined;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (state.selected.length > 0) onDone([...state.selected]);
  }

  return (
    <StepFrame title="Use of Proceeds" intro="How do you intend to use a payout? Choose every purpose that applies.">
      <Form noValidate onSubmit={submit}>
        <MandatoryNote />
        <fieldset aria-describedby={error ? 'proceeds-error' : undefined}>
          <legend className="h6">
            Intended purpose
            <RequiredMark />
          </legend>
          {USE_OF_PROCEEDS_OPTIONS.map((option) => (
            <Form.Check
              key={option.value}
              id={`proceeds-${option.value}`}
              className="mb-2"
              type="checkbox"
              label={option.label}
              checked={state.selected.includes(option.value)}
              isInvalid={Boolean(error)}
              onChange={() => dispatch({ type: 'TOGGLE', value: option.value })}
            />
          ))}
          {error && (
            <div id="proceeds-error" className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </fieldset>
        <StepActions onBack={onBack} submitLabel="Continue" />
      </Form>
      <HomeProtectionDialog step={state.dialog} dispatch={dispatch} />
    </StepFrame>
  );
}
