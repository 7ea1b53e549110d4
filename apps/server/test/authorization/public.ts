import { everyone, type MatrixRows } from './types';

/** Content, products and pricing: public by design. */
export const publicRows: MatrixRows = {
  graphql: {
    getFAQ: { query: '{ getFAQ(input: { dashboard: END_USER }) { title } }', expected: everyone },
    pageContent: { query: '{ pageContent { brand { name } } }', expected: everyone },
    landingContent: { query: '{ landingContent(productId: "fhp") { title } }', expected: everyone },
    products: { query: '{ products { id } }', expected: everyone },
    CheckOfferIsApplicable: { query: '{ CheckOfferIsApplicable(input: { countryName: "gd" }) { applicable } }', expected: everyone },
    quote: { query: '{ quote(input: { country: "gd", coverage: 25000 }) { country } }', expected: everyone },
    currentSeason: { query: '{ currentSeason { year } }', expected: everyone },
  },
};
