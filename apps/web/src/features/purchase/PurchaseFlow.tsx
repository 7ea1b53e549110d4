import {
  COUNTRIES,
  fromCents,
  purchasePolicyInputSchema,
  kycBeneficiarySchema,
  toBeneficiaryDetail,
  toTermsOfUseInput,
  toUseOfProceedsInput,
  type PaymentChannel,
  type PaymentPlan,
} from '@fhp/domain';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { ErrorDialog } from '../../components/ErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useSession } from '../../lib/auth/useSession';
import { useAppConfig } from '../../lib/config/appConfig';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { purchasePolicy, usePurchaseProfile } from './api';
import { Stepper } from './components/Stepper';
import { StepFocusContext } from './components/StepFrame';
import { todayInPortOfSpain } from './state/payment';
import { effectiveStep, nextStep, previousStep, type PurchaseData } from './state/purchaseData';
import type { StepId } from './state/steps';
import { usePurchaseData } from './state/usePurchaseData';
import { CountryStep } from './steps/CountryStep';
import { KycStep } from './steps/KycStep';
import { OptionsStep } from './steps/OptionsStep';
import { PaymentStep } from './steps/PaymentStep';
import { PreviewStep } from './steps/PreviewStep';
import { TermsStep } from './steps/TermsStep';
import { ThankYou } from './steps/ThankYou';
import { UseOfProceedsStep } from './steps/UseOfProceedsStep';
import { VerifyEmailStep } from './steps/VerifyEmailStep';
import { WindowClosed } from './steps/WindowClosed';
import './purchase.css';

/** The PurchasePolicy input from the flow's data; the domain schema checks it before it is sent. */
export function purchaseInput(data: PurchaseData, plan: PaymentPlan, channel: PaymentChannel) {
  const beneficiary = kycBeneficiarySchema.parse(data.kycForm ?? {});
  return purchasePolicyInputSchema.parse({
    benificiaryDetail: toBeneficiaryDetail(beneficiary),
    countryName: data.country,
    coverage: data.coverage,
    premium: data.option?.premiumRaw,
    // What the options step showed; the server refuses the purchase if the price changed since.
    discountedPremium: data.option && data.option.discountedPremiumCents !== null ? fromCents(data.option.discountedPremiumCents) : null,
    productDefination: data.option?.id,
    useOfProceeds: toUseOfProceedsInput(data.useOfProceeds),
    termsOfUse: data.terms ? toTermsOfUseInput(data.terms) : [],
    paymentPlan: plan,
    paymentChannel: channel,
    idempotencyKey: data.idempotencyKey,
  });
}

/** Route PurchaseFlow (`/product/:id/buy`): the steps of spec part 1 section 2, then the thank-you screen. */
export function PurchaseFlow() {
  usePageTitle('Buy a policy');
  const config = useAppConfig();
  const { id: productId = '' } = useParams();
  const [data, dispatch] = usePurchaseData();
  const signedIn = Boolean(useSession().token);
  const step = effectiveStep(data, signedIn);
  const needsProfile = step === 'kyc' || step === 'preview';
  const profile = usePurchaseProfile(needsProfile);
  const stepShown = useRef(false);

  // One idempotency key per confirm screen, made when it opens and kept with the purchase data.
  useEffect(() => {
    if (step === 'payment' && data.idempotencyKey === null) dispatch({ type: 'PAYMENT_OPENED', idempotencyKey: crypto.randomUUID() });
  }, [step, data.idempotencyKey, dispatch]);

  if (config.isPending) return <LoadingScreen />;
  if (config.isError) return <FlowError onRetry={() => void config.refetch()} />;
  const { season } = config.data;
  if (!season.purchaseWindowOpen && step !== 'done') {
    return (
      <Container className="section">
        <WindowClosed year={season.year} nextSeasonYear={season.nextSeasonYear} productPath={`/product/${productId}`} />
      </Container>
    );
  }

  const goTo = (target: StepId) => dispatch({ type: 'GO_TO', step: target });
  const back = () => goTo(previousStep(step, signedIn));
  const reset = () => dispatch({ type: 'RESET' });

  function renderStep() {
    switch (step) {
      case 'country':
        return <CountryStep country={data.country} onDone={(country) => dispatch({ type: 'COUNTRY_CHOSEN', country })} />;
      case 'options':
        return (
          <OptionsStep
            country={data.country!}
            coverage={data.coverage}
            optionId={data.option?.id ?? null}
            repricing={data.repricing}
            onBack={back}
            onChange={(coverage, option) => dispatch({ type: 'OPTION_CHOSEN', coverage, option })}
            onDone={(coverage, option) => {
              dispatch({ type: 'OPTION_CHOSEN', coverage, option });
              // After a price change everything else is done: straight back to payment at the new price.
              goTo(data.repricing ? 'payment' : nextStep('options', signedIn));
            }}
          />
        );
      case 'email':
        return <VerifyEmailStep onBack={back} onDone={() => goTo('kyc')} />;
      case 'kyc':
        if (profile.isPending) return <LoadingScreen label="Retrieving your profile..." />;
        if (profile.isError) return <FlowError message={displayMessageOf(profile.error)} onRetry={() => void profile.refetch()} />;
        return (
          <KycStep
            profile={profile.data}
            saved={data.kycForm}
            countryName={COUNTRIES[data.country!].name}
            onBack={(draft) => {
              dispatch({ type: 'KYC_DRAFT', kycForm: draft });
              back();
            }}
            onDone={(kycForm) => dispatch({ type: 'KYC_DONE', kycForm })}
          />
        );
      case 'terms':
        return <TermsStep saved={data.terms} onBack={back} onDone={(terms) => dispatch({ type: 'TERMS_ACCEPTED', terms })} />;
      case 'preview':
        if (profile.isPending) return <LoadingScreen label="Retrieving your profile..." />;
        return (
          <PreviewStep
            kycForm={data.kycForm}
            profile={profile.data}
            option={data.option!}
            country={data.country!}
            onBack={back}
            onDone={(policyHolder) => dispatch({ type: 'PREVIEW_CONFIRMED', policyHolder })}
          />
        );
      case 'proceeds':
        return <UseOfProceedsStep saved={data.useOfProceeds} onBack={back} onDone={(useOfProceeds) => dispatch({ type: 'PROCEEDS_CHOSEN', useOfProceeds })} />;
      case 'payment':
        return (
          <PaymentStep
            option={data.option!}
            plan={data.paymentPlan}
            channel={data.paymentChannel}
            today={todayInPortOfSpain()}
            deadline={season.paymentDeadline}
            onChange={(paymentPlan, paymentChannel) => dispatch({ type: 'PAYMENT_CHOSEN', paymentPlan, paymentChannel })}
            onBack={back}
            onConfirm={(plan, channel) => purchasePolicy(purchaseInput(data, plan, channel))}
            onPriceChanged={() => dispatch({ type: 'PRICE_CHANGED' })}
            onDone={(result) => dispatch({ type: 'PURCHASED', result })}
          />
        );
      case 'done':
        return <ThankYou result={data.result!} onLeave={reset} />;
    }
  }

  return (
    <Container className="section purchase-flow">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h4 mb-0">Buy Flexible Hurricane Protection</h1>
        {step !== 'country' && step !== 'done' && (
          <Button variant="link" size="sm" className="px-0" onClick={reset}>
            Start over
          </Button>
        )}
      </div>
      {step !== 'done' && <Stepper current={step} />}
      <div className="purchase-card" data-step={step}>
        <StepFocusContext value={stepShown}>{renderStep()}</StepFocusContext>
      </div>
    </Container>
  );
}

function FlowError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const [show, setShow] = useState(true);
  return (
    <div className="py-5 text-center">
      <p className="text-body-secondary">This step could not be loaded.</p>
      <Button onClick={onRetry}>Retry</Button>
      <ErrorDialog show={show} description={message} onRetry={() => { setShow(false); onRetry(); }} onClose={() => setShow(false)} />
    </div>
  );
}
