import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  effectiveStep,
  INITIAL_PURCHASE_DATA,
  nextStep,
  previousStep,
  PURCHASE_STORAGE_KEY,
  purchaseReducer,
  type ChosenOption,
  type PurchaseData,
  type PurchaseResult,
} from './purchaseData';
import { usePurchaseData } from './usePurchaseData';

const option: ChosenOption = {
  id: '3',
  label: 'Option 3: Category 3 and above',
  premiumRaw: 2470,
  premiumCents: 247000,
  discountedPremiumCents: null,
  discountPercent: null,
  coverageCents: 2500000,
};
const terms = { pep: 'pepNo', drugTrafficking: true, terrorismFinancing: true, moneyLaundering: true, fraud: true, otherCrimes: true, declare: true } as const;
const holder = { firstName: 'Ann', lastName: 'Lee', streetAddress: '1 Bay St', city: 'Roseau', countryName: 'Dominica', email: 'ann@example.com', telephone: '7671234567' };

/** Everything filled in up to the payment step. */
const complete: PurchaseData = {
  ...INITIAL_PURCHASE_DATA,
  step: 'payment',
  country: 'dm',
  coverage: 25000,
  option,
  kycForm: { firstName: 'Ann', beneficiaryFirstName: 'Bo' },
  kycDone: true,
  terms,
  policyHolder: holder,
  useOfProceeds: ['homeProtection'],
};

afterEach(() => sessionStorage.clear());

describe('step guards', () => {
  it('resumes the stored step when everything before it is done', () => {
    expect(effectiveStep(complete, true)).toBe('payment');
  });

  it('pulls the step back to the first one whose data is missing', () => {
    expect(effectiveStep({ ...complete, terms: null }, true)).toBe('terms');
    expect(effectiveStep({ ...complete, option: null }, true)).toBe('options');
    expect(effectiveStep({ ...complete, country: null }, true)).toBe('country');
  });

  it('sends a signed-out customer back to verify email before the KYC form', () => {
    expect(effectiveStep(complete, false)).toBe('email');
  });

  it('skips verify email while signed in, going forward and back', () => {
    expect(effectiveStep({ ...complete, step: 'email' }, true)).toBe('kyc');
    expect(nextStep('options', true)).toBe('kyc');
    expect(nextStep('options', false)).toBe('email');
    expect(previousStep('kyc', true)).toBe('options');
    expect(previousStep('kyc', false)).toBe('email');
  });

  it('shows the thank-you screen once a policy exists, whatever the stored step', () => {
    const result = { policyNumber: 'FHP-DM-2027-000001' } as PurchaseResult;
    expect(effectiveStep({ ...complete, step: 'country', result }, true)).toBe('done');
  });

  it('drops the chosen option when the country changes (its premium was for the other island)', () => {
    expect(purchaseReducer(complete, { type: 'COUNTRY_CHOSEN', country: 'gd' }).option).toBeNull();
    expect(purchaseReducer(complete, { type: 'COUNTRY_CHOSEN', country: 'dm' }).option).toEqual(option);
  });

  it('goes back to the options step on a changed price, keeping everything else, until the customer moves on', () => {
    const paying = { ...complete, idempotencyKey: 'key-1' };
    const reviewing = purchaseReducer(paying, { type: 'PRICE_CHANGED' });
    expect(reviewing).toMatchObject({ step: 'options', repricing: true, idempotencyKey: 'key-1', terms, policyHolder: holder });
    expect(effectiveStep(reviewing, true)).toBe('options');
    const newPrice = { ...option, premiumCents: 250000, premiumRaw: 2500 };
    const chosen = purchaseReducer(reviewing, { type: 'OPTION_CHOSEN', coverage: 25000, option: newPrice });
    expect(chosen.repricing).toBe(true);
    const back = purchaseReducer(chosen, { type: 'GO_TO', step: 'payment' });
    expect(back).toMatchObject({ step: 'payment', repricing: false, option: newPrice });
    expect(effectiveStep(back, true)).toBe('payment');
  });

  it('keeps the first idempotency key of the confirm screen', () => {
    const opened = purchaseReducer(complete, { type: 'PAYMENT_OPENED', idempotencyKey: 'first' });
    expect(purchaseReducer(opened, { type: 'PAYMENT_OPENED', idempotencyKey: 'second' }).idempotencyKey).toBe('first');
  });
});

// The first read loads the schema's chunk (zod and the domain): slow to transform on a busy machine.
const loaded = { timeout: 10_000 };

describe('session persistence', () => {
  it('writes every change to session storage and resumes from it after a reload', async () => {
    const first = renderHook(() => usePurchaseData());
    expect(first.result.current[2]).toBe(true); // nothing stored: nothing to wait for
    act(() => first.result.current[1]({ type: 'COUNTRY_CHOSEN', country: 'dm' }));
    expect(JSON.parse(sessionStorage.getItem(PURCHASE_STORAGE_KEY)!)).toMatchObject({ country: 'dm', step: 'options' });
    first.unmount();

    const reloaded = renderHook(() => usePurchaseData());
    await waitFor(() => expect(reloaded.result.current[0]).toMatchObject({ country: 'dm', step: 'options' }), loaded);
    expect(reloaded.result.current[2]).toBe(true);
  });

  it('starts a hydrated page as a new visitor, then resumes what the tab stored without clearing it first', async () => {
    const stored = { ...complete, step: 'terms' as const };
    sessionStorage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify(stored));
    const restore = vi.fn();
    const seen: string[] = [];
    const { result } = renderHook(
      () => {
        const value = usePurchaseData(restore);
        seen.push(`${value[0].step} ${value[2] ? 'restored' : 'waiting'}`);
        if (sessionStorage.getItem(PURCHASE_STORAGE_KEY) === null) seen.push('storage cleared');
        return value;
      },
      { hydrate: true },
    );
    await waitFor(() => expect(result.current[0]).toEqual(stored), loaded);
    // The prerender's step while hydrating (the server knows nothing of the tab), then the stored one.
    expect(seen[0]).toBe('country waiting');
    expect(seen.at(-1)).toBe('terms restored');
    expect(seen).not.toContain('storage cleared');
    expect(restore).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(PURCHASE_STORAGE_KEY)!)).toEqual(stored);
  });

  it('never stores files: only the text values of the KYC form', () => {
    const { result } = renderHook(() => usePurchaseData());
    act(() => result.current[1]({ type: 'KYC_DONE', kycForm: { firstName: 'Ann' } }));
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).not.toContain('idProof"');
  });

  it('reset clears the stored data', () => {
    const { result } = renderHook(() => usePurchaseData());
    act(() => result.current[1]({ type: 'COUNTRY_CHOSEN', country: 'gd' }));
    act(() => result.current[1]({ type: 'RESET' }));
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
    expect(result.current[0]).toEqual(INITIAL_PURCHASE_DATA);
  });

  it('resumes a purchase stored before price reviews existed', async () => {
    const { repricing: _new, ...older } = { ...complete, step: 'terms' as const };
    sessionStorage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify(older));
    const { result } = renderHook(() => usePurchaseData());
    await waitFor(() => expect(result.current[0]).toMatchObject({ step: 'terms', country: 'dm', repricing: false }), loaded);
  });

  it('ignores stored data of an unknown shape instead of crashing', async () => {
    sessionStorage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify({ step: 'somewhere', country: 'fr' }));
    const { result } = renderHook(() => usePurchaseData());
    await waitFor(() => expect(result.current[2]).toBe(true), loaded);
    expect(result.current[0]).toEqual(INITIAL_PURCHASE_DATA);
    expect(sessionStorage.getItem(PURCHASE_STORAGE_KEY)).toBeNull();
  });
});
