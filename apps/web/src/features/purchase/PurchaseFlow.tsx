import { COUNTRIES } from '@fhp/domain';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { LazyErrorDialog } from '../../components/LazyErrorDialog';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useSession } from '../../lib/auth/useSession';
import { useAppConfig } from '../../lib/config/appConfig';
import { displayMessageOf } from '../../lib/graphql/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { purchasePolicy, usePurchaseProfile } from './api';
import { Stepper } from './components/Stepper';
import { StepFocusContext } from './components/StepFrame';
import { todayInPortOfSpain } from './state/payment';
import { effectiveStep, nextStep, previousStep } from './state/purchaseData';
import type { StepId } from './state/steps';
import { usePurchaseData } from './state/usePurchaseData';
import { CountryStep } from './steps/CountryStep';
import {
  KycStep,
  OptionsStep,
  PaymentStep,
  prefetchStepWhenIdle,
  PreviewStep,
  TermsStep,
  ThankYou,
  UseOfProceedsStep,
  VerifyEmailStep,
} from './steps/lazySteps';
import { WindowClosed } from './steps/WindowClosed';
import './purchase.css';

export { prepareStoredPurchase } from './state/storedPurchase';

/**
 * Route PurchaseFlow (`/product/:id/buy`): the steps of spec part 1 section 2, then the thank-you
 * screen. Its first step is prerendered for a new visitor; the later steps load as the flow gets
 * there (steps/lazySteps.ts).
 */
export function PurchaseFlow() {
  usePageTitle('Buy a policy');
  const config = useAppConfig();
  const { id: productId = '' } = useParams();
  const stepShown = useRef(false);
  // A purchase restored after hydration opens at its step as a page load does: focus stays put.
  const onRestore = useCallback(() => {
    stepShown.current = false;
  }, []);
  const [data, dispatch, restored] = usePurchaseData(onRestore);
  const signedIn = Boolean(useSession().token);
  const step = effectiveStep(data, signedIn);
  const needsProfile = step === 'kyc' || step === 'preview';
  const profile = usePurchaseProfile(needsProfile);

  // One idempotency key per confirm screen, made when it opens and kept with the purchase data.
  useEffect(() => {
    if (step === 'payment' && data.idempotencyKey === null) dispatch({ type: 'PAYMENT_OPENED', idempotencyKey: crypto.randomUUID() });
  }, [step, data.idempotencyKey, dispatch]);

  // The next step's chunk, while the customer is busy with this one.
  useEffect(() => (restored ? prefetchStepWhenIdle(nextStep(step, signedIn)) : undefined), [restored, step, signedIn]);

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
        // Until the stored purchase (if any) has been read, Continue waits: it would start afresh.
        // Keyed by the country: its select is the form's own, so a restored country draws it anew.
        return (
          <CountryStep
            key={data.country ?? ''}
            country={data.country}
            disabled={!restored}
            onDone={(country) => dispatch({ type: 'COUNTRY_CHOSEN', country })}
          />
        );
      case 'options':
        return (
          <OptionsStep.Component
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
        return <VerifyEmailStep.Component onBack={back} onDone={() => goTo('kyc')} />;
      case 'kyc':
        if (profile.isPending) return <LoadingScreen label="Retrieving your profile..." />;
        if (profile.isError) return <FlowError message={displayMessageOf(profile.error)} onRetry={() => void profile.refetch()} />;
        return (
          <KycStep.Component
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
        return <TermsStep.Component saved={data.terms} onBack={back} onDone={(terms) => dispatch({ type: 'TERMS_ACCEPTED', terms })} />;
      case 'preview':
        if (profile.isPending) return <LoadingScreen label="Retrieving your profile..." />;
        return (
          <PreviewStep.Component
            kycForm={data.kycForm}
            profile={profile.data}
            option={data.option!}
            country={data.country!}
            onBack={back}
            onDone={(policyHolder) => dispatch({ type: 'PREVIEW_CONFIRMED', policyHolder })}
          />
        );
      case 'proceeds':
        return (
          <UseOfProceedsStep.Component saved={data.useOfProceeds} onBack={back} onDone={(useOfProceeds) => dispatch({ type: 'PROCEEDS_CHOSEN', useOfProceeds })} />
        );
      case 'payment':
        return (
          <PaymentStep.Component
            option={data.option!}
            plan={data.paymentPlan}
            channel={data.paymentChannel}
            today={todayInPortOfSpain()}
            deadline={season.paymentDeadline}
            onChange={(paymentPlan, paymentChannel) => dispatch({ type: 'PAYMENT_CHOSEN', paymentPlan, paymentChannel })}
            onBack={back}
            onConfirm={async (plan, channel) => {
              const { purchaseInput } = await import('./state/purchaseInput');
              return purchasePolicy(purchaseInput(data, plan, channel));
            }}
            onPriceChanged={() => dispatch({ type: 'PRICE_CHANGED' })}
            onDone={(result) => dispatch({ type: 'PURCHASED', result })}
          />
        );
      case 'done':
        return <ThankYou.Component result={data.result!} onLeave={reset} />;
    }
  }

  return (
    <Container className="section purchase-flow">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h4 mb-0">Buy Flexible Hurricane Protection</h1>
        {/* Kept in the layout on the first step, unseen: a purchase restored after hydration shows it without moving the page. */}
        {step !== 'done' && (
          <Button variant="link" size="sm" className={step === 'country' ? 'px-0 invisible' : 'px-0'} aria-hidden={step === 'country' || undefined} onClick={reset}>
            Start over
          </Button>
        )}
      </div>
      {step !== 'done' && <Stepper current={step} />}
      <div className="purchase-card" data-step={step}>
        <StepFocusContext value={stepShown}>
          <Suspense fallback={<LoadingScreen />}>{renderStep()}</Suspense>
        </StepFocusContext>
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
      <LazyErrorDialog show={show} description={message} onRetry={() => { setShow(false); onRetry(); }} onClose={() => setShow(false)} />
    </div>
  );
}
