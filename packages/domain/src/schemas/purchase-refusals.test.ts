import { describe, expect, it } from 'vitest';
import { termsDataFromEntries } from './purchase-refusals';

describe('termsDataFromEntries', () => {
  it('reads politically exposed and the not-charged declarations from the entries', () => {
    const entries = ['politicallyExposed', 'drugTrafficking', 'terrorismFinancing', 'moneyLaundering', 'fraud', 'otherCrimes', 'declare'].map(
      (value) => ({ value, selected: true }),
    );
    expect(termsDataFromEntries(entries)).toEqual({
      politicallyExposed: 'yes',
      charged: { drugTrafficking: false, terrorismFinancing: false, moneyLaundering: false, fraud: false, otherCrimes: false },
    });
  });

  it('says no without the politically exposed entry, and charged for an unticked box', () => {
    const data = termsDataFromEntries([{ value: 'fraud', selected: false }, { value: 'politicallyExposed', selected: false }]);
    expect(data.politicallyExposed).toBe('no');
    expect(data.charged.fraud).toBe(true);
  });
});
