import { describe, expect, it } from 'vitest';
import { purchaseInput } from './purchaseInput';
import { INITIAL_PURCHASE_DATA, type PurchaseData } from './purchaseData';
import { discountedOption3 } from './testing';

const option = discountedOption3;
const data: PurchaseData = {
  ...INITIAL_PURCHASE_DATA,
  step: 'payment',
  country: 'dm',
  coverage: 25000,
  option,
  kycForm: {
    beneficiaryFirstName: 'Jean-Baptiste',
    beneficiaryLastName: "D'Auvergne",
    beneficiaryStreetAddress: '2 Bay Street',
    beneficiaryCity: 'Roseau',
    beneficiaryCountry: 'Dominica',
    beneficiaryEmail: 'jb@example.com',
    beneficiaryTelephone: '767 765 4321',
  },
  kycDone: true,
  terms: { pep: 'pepNo', drugTrafficking: true, terrorismFinancing: true, moneyLaundering: true, fraud: true, otherCrimes: true, declare: true },
  useOfProceeds: ['homeProtection'],
  idempotencyKey: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
};

describe('the PurchasePolicy input', () => {
  it('carries both prices the options step showed', () => {
    expect(purchaseInput(data, 'FULL', 'CREDIT_UNION')).toMatchObject({ premium: 2470, discountedPremium: 2346.5, productDefination: '3', coverage: 25000 });
  });

  it('says no offer was shown with null', () => {
    expect(purchaseInput({ ...data, option: { ...option, discountedPremiumCents: null, discountPercent: null } }, 'FULL', 'CREDIT_UNION').discountedPremium).toBeNull();
  });

  it('sends the beneficiary as typed', () => {
    expect(purchaseInput(data, 'FULL', 'BANK_TRANSFER').benificiaryDetail).toMatchObject({ firstName: 'Jean-Baptiste', lastName: "D'Auvergne" });
  });
});
