import { afterEach, describe, expect, it } from 'vitest';
import { forgetInitialData, INITIAL_DATA_ELEMENT_ID, initialDataOptions, resetInitialDataForTests, takeInitialData } from './initialData';

function inline(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INITIAL_DATA_ELEMENT_ID;
  element.textContent = json;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove();
  resetInitialDataForTests();
});

describe('initial data from the page', () => {
  it('gives the answers of the first page, removes the element, and nothing once the visitor has moved on', () => {
    inline(JSON.stringify({ currentSeason: { year: 2027 }, landingContent: { fhp: { title: 'FHP' }, nope: null } }));
    expect(takeInitialData('currentSeason')).toEqual({ year: 2027 });
    // A render React drops and repeats finds the same answer.
    expect(takeInitialData('currentSeason')).toEqual({ year: 2027 });
    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull();
    expect(takeInitialData('landingContent', 'other')).toBeUndefined();
    expect(takeInitialData('landingContent', 'nope')).toBeNull();
    expect(takeInitialData('landingContent', 'fhp')).toEqual({ title: 'FHP' });
    forgetInitialData();
    expect(takeInitialData('currentSeason')).toBeUndefined();
    expect(takeInitialData('landingContent', 'fhp')).toBeUndefined();
  });

  it('is empty without the element or with a damaged one', () => {
    expect(takeInitialData('pageContent')).toBeUndefined();
    resetInitialDataForTests();
    inline('{"pageContent": ');
    expect(takeInitialData('pageContent')).toBeUndefined();
  });

  it('keeps an inlined answer fresh until the query fetches for itself', () => {
    inline(JSON.stringify({ products: [{ id: 'fhp' }] }));
    const options = initialDataOptions<{ id: string }[]>('products');
    expect(options.initialData()).toEqual([{ id: 'fhp' }]);
    expect(options.staleTime({ state: { dataUpdateCount: 0 } })).toBe(Infinity);
    expect(options.staleTime({ state: { dataUpdateCount: 1 } })).toBe(0);
  });
});
