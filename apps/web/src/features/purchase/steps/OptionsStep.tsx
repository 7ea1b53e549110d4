import { COUNTRIES, coverageSchema, PURCHASE_MESSAGES, type CountryCode, type OptionId } from '@fhp/domain';
import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { BoxesExplained } from '../../../components/payout/BoxesExplained';
import { PayoutChart } from '../../../components/payout/PayoutChart';
import { PayoutTable } from '../../../components/payout/PayoutTable';
import { displayMessageOf } from '../../../lib/graphql/errors';
import { useOfferCheck, useQuote, type OfferCheck, type QuoteOption } from '../api';
import { BacktestPanel } from '../components/BacktestPanel';
import { MandatoryNote, RequiredMark } from '../components/fields';
import { OptionCard } from '../components/OptionCard';
import { StepActions, StepFrame } from '../components/StepFrame';
import { useDebouncedValue } from '../components/useDebouncedValue';
import type { ChosenOption } from '../state/purchaseData';

const QUOTE_DELAY_MS = 400;

interface OptionsStepProps {
  country: CountryCode;
  coverage: number | null;
  optionId: OptionId | null;
  /** Back here because the price changed at purchase: say so, and Continue returns to payment. */
  repricing?: boolean;
  onBack: () => void;
  /** The coverage and the option as they stand (null while invalid, unpicked or being re-quoted). */
  onChange: (coverage: number | null, option: ChosenOption | null) => void;
  onDone: (coverage: number, option: ChosenOption) => void;
}

export function toChosenOption(option: QuoteOption): ChosenOption {
  return {
    id: option.id as OptionId,
    label: option.label,
    premiumRaw: option.premium.raw,
    premiumCents: option.premium.cents,
    discountedPremiumCents: option.discount?.premium.cents ?? null,
    discountPercent: option.discount?.percent ?? null,
    coverageCents: option.coverage.cents,
  };
}

export function OptionsStep({ country, coverage, optionId, repricing = false, onBack, onChange, onDone }: OptionsStepProps) {
  const [text, setText] = useState(coverage === null ? '' : String(coverage));
  const [touched, setTouched] = useState(coverage !== null);
  const [selected, setSelected] = useState<string | null>(optionId);
  const [submitted, setSubmitted] = useState(false);
  const groupName = useId();

  // The domain's rule parses the text as a float ("25,000" too) and says what is wrong.
  const parsed = coverageSchema.safeParse(text);
  const validCoverage = parsed.success ? parsed.data : null;
  const coverageError = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const quotedCoverage = useDebouncedValue(validCoverage, QUOTE_DELAY_MS);
  const quote = useQuote(country, quotedCoverage);
  const offer = useOfferCheck(country);

  const upToDate = quote.data !== undefined && validCoverage !== null && quote.data.coverage.raw === validCoverage && !quote.isFetching;
  const chosen = quote.data?.options.find((option) => option.id === selected) ?? null;
  const blocked = offer.data?.canPurchase === false;
  const optionError = submitted && selected === null ? PURCHASE_MESSAGES.optionRequired : undefined;

  // Saved as they change (not only on Continue) so a reload resumes with the same coverage and option.
  const current = upToDate && chosen ? chosen : null;
  useEffect(() => {
    onChange(validCoverage, current ? toChosenOption(current) : null);
    // onChange is a new function on every render of the flow; the values are what matter.
  }, [validCoverage, current]); // eslint-disable-line react-hooks/exhaustive-deps

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    setSubmitted(true);
    if (validCoverage === null || !chosen || !upToDate || blocked) return;
    onDone(validCoverage, toChosenOption(chosen));
  }

  return (
    <StepFrame title="Policy Options" intro={`Choose how much cover you want in ${COUNTRIES[country].name} and which storms it pays for.`}>
      <Form noValidate onSubmit={submit}>
        <MandatoryNote />
        {repricing && (
          <Alert variant="info" role="status">
            The price of your policy has changed since you chose it. Here is the price today; nothing has been bought yet. Check
            your option and continue to payment when you are ready.
          </Alert>
        )}
        <OfferPanel offer={offer.data} />
        <Form.Group controlId="purchase-coverage" className="mb-4 purchase-narrow-form">
          <Form.Label>
            Coverage amount
            <RequiredMark />
          </Form.Label>
          <InputGroup hasValidation>
            <InputGroup.Text>EC$</InputGroup.Text>
            <Form.Control
              inputMode="decimal"
              autoComplete="off"
              aria-required="true"
              value={text}
              isInvalid={Boolean(coverageError)}
              aria-describedby={`purchase-coverage-hint${coverageError ? ' purchase-coverage-error' : ''}`}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => setTouched(true)}
            />
          </InputGroup>
          <Form.Text id="purchase-coverage-hint">From EC$1,300 to EC$270,000. The payout is a share of this amount.</Form.Text>
          {coverageError && (
            <div id="purchase-coverage-error" className="invalid-feedback d-block">
              {coverageError}
            </div>
          )}
        </Form.Group>

        <fieldset aria-describedby={optionError ? 'purchase-option-error' : undefined}>
          <legend className="h5 d-flex align-items-center gap-2">
            Choose your option
            <RequiredMark />
            {quote.isFetching && <Spinner animation="border" size="sm" role="status" aria-label="Calculating premiums..." />}
          </legend>
          {optionError && (
            <div id="purchase-option-error" className="invalid-feedback d-block mb-2">
              {optionError}
            </div>
          )}
          {quote.isError && (
            <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
              <span>
                {displayMessageOf(quote.error)}. Keep calm and try again.
              </span>
              <Button variant="outline-danger" size="sm" onClick={() => void quote.refetch()}>
                Retry
              </Button>
            </Alert>
          )}
          {quote.data ? (
            <Row xs={1} md={2} xl={3} className="g-3" aria-busy={!upToDate}>
              {quote.data.options.map((option) => (
                <Col key={option.id}>
                  <OptionCard option={option} name={groupName} checked={selected === option.id} onSelect={setSelected} />
                </Col>
              ))}
            </Row>
          ) : (
            !quote.isError && (
              <p className="text-body-secondary">
                {quote.isFetching ? 'Calculating premiums...' : 'Enter a coverage amount to see the premium of each option.'}
              </p>
            )
          )}
        </fieldset>

        <BacktestPanel country={country} selected={selected} />
        <ExplanatoryPanels />
        <StepActions onBack={onBack} submitLabel={repricing ? 'Continue to payment' : 'Continue'} disabled={blocked} />
      </Form>
    </StepFrame>
  );
}

/** The offer check: logo and message when an offer applies; a refusal to sell stops the flow here. */
export function OfferPanel({ offer }: { offer: OfferCheck | undefined }) {
  // A logo that fails to load is left out rather than shown as a broken image.
  const [logoFailed, setLogoFailed] = useState(false);
  if (!offer) return null;
  if (!offer.canPurchase) {
    return (
      <Alert variant="warning" role="alert">
        {offer.message ?? 'This policy cannot be bought in this country at the moment.'}
      </Alert>
    );
  }
  if (!offer.applicable) return null;
  return (
    <Alert variant="success" className="d-flex align-items-center gap-3">
      {offer.logo && !logoFailed && (
        <img src={offer.logo} alt="" width={48} height={48} className="flex-shrink-0 object-fit-contain" onError={() => setLogoFailed(true)} />
      )}
      <span>
        {offer.message ?? 'An offer applies.'} {offer.discountPercent > 0 && <strong>{offer.discountPercent}% off every option.</strong>}
      </span>
    </Alert>
  );
}

/** How options pay: the same table, chart and boxes as the product page, here next to the prices. */
function ExplanatoryPanels() {
  return (
    <div className="mt-5">
      <h3 className="h5 mb-3">How the options pay out</h3>
      <Row className="g-4">
        <Col xs={12}>
          <Card body>
            <h4 className="h6">What is an option?</h4>
            <p className="mb-0 text-body-secondary">
              Each option names the weakest storm it pays for; it also pays for every stronger one. Option T pays from a tropical
              storm up, option 5 only for a Category 5 hurricane. The further down the list, the lower the premium. Payouts are
              automatic: no claim to file, paid to your credit union account within 15 days of the storm.
            </p>
          </Card>
        </Col>
        <Col xs={12}>
          <Card body>
            <h4 className="h6">Payout by storm class</h4>
            <PayoutTable />
          </Card>
        </Col>
        <Col lg={6}>
          <Card body className="h-100">
            <h4 className="h6">Payout structure</h4>
            <PayoutChart />
          </Card>
        </Col>
        <Col lg={6}>
          <Card body className="h-100">
            <h4 className="h6">Where the storm must pass</h4>
            <BoxesExplained />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
