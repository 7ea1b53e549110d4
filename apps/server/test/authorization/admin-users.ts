import { USER_IMPORT_PATH } from '../../src/modules/admin-users/import';
import { manageUsers, type MatrixRows } from './types';

/**
 * The administrators' users list and actions, the KYC review, offers and seasons (issue 11): admins and the owner only. The actions
 * name an address nobody has, so an allowed caller gets past the guard to "no such user".
 */
const NOBODY = 'matrix-nobody@fhp.example';

export const adminUsersRows: MatrixRows = {
  graphql: {
    getListOfUser: {
      query: '{ getListOfUser(input: { pageSize: 10 }) { totalCount data { email } } }',
      expected: manageUsers,
    },
    suspendUser: { query: `mutation { suspendUser(email: "${NOBODY}") { message } }`, expected: manageUsers, passesGuardWith: ['BAD_USER_INPUT'] },
    reactivateUser: { query: `mutation { reactivateUser(email: "${NOBODY}") { message } }`, expected: manageUsers, passesGuardWith: ['BAD_USER_INPUT'] },
    removeUser: { query: `mutation { removeUser(email: "${NOBODY}") { message } }`, expected: manageUsers, passesGuardWith: ['BAD_USER_INPUT'] },
    kycReviewQueue: { query: '{ kycReviewQueue { id status } }', expected: manageUsers },
    reviewKycDocument: {
      // A document id nobody has: an allowed caller gets past the guard to "not found".
      query: 'mutation { reviewKycDocument(documentId: "00000000-0000-4000-8000-000000000000", decision: "ACCEPT") { id } }',
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    portfolio: { query: '{ portfolio { groups { country } designStorms { label } } }', expected: manageUsers },
    adminOffers: { query: '{ adminOffers { id } }', expected: manageUsers },
    adminSeasons: { query: '{ adminSeasons { year } }', expected: manageUsers },
    adminHolderLimits: { query: '{ adminHolderLimits { country seasonYear maxPolicies } }', expected: manageUsers },
    // A season nobody has priced: an allowed caller gets past the guard to "no pricing", nothing is stored.
    saveHolderLimits: {
      query: 'mutation { saveHolderLimits(input: { country: "gd", seasonYear: 2090, maxPolicies: 5, maxCoverage: "540000" }) { maxPolicies } }',
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    // Refused past the guard (an offer nobody has, a season overlapping 2027's): nothing is stored.
    saveOffer: {
      query: `mutation { saveOffer(input: { id: "matrix-none", country: "gd", discountPercent: "5", validFrom: "2027-01-01",
        canPurchase: true, active: false }) { id } }`,
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    saveSeason: {
      query: `mutation { saveSeason(input: { year: 2090, coverStart: "2027-07-01", coverEnd: "2028-05-31", paymentDeadline: "2027-05-31",
        purchaseWindowOpen: false, nextSeasonYear: 2091 }) { year } }`,
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    adminContent: { query: '{ adminContent { faqSections { id version } site { version } } }', expected: manageUsers },
    // Saved against a version nobody has: an allowed caller gets past the guard to "stale", nothing is stored.
    saveFaqSection: {
      query: 'mutation { saveFaqSection(input: { id: 1, title: "Matrix", queAns: [{ title: "Q?", content: "A." }], version: "matrix-stale" }) { id } }',
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    saveLandingTexts: {
      query: `mutation { saveLandingTexts(input: { productId: "fhp", title: "T", subtitle: "S", heroText: "H", howItWorks: [{ title: "a", text: "b" }],
        payoutIntro: "P", version: "matrix-stale" }) { title } }`,
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    saveSiteContent: {
      query: `mutation { saveSiteContent(input: { footer: [{ title: "F", links: [{ label: "L", href: "/terms" }] }],
        contact: { email: "help@fhp.example", phone: "+1 473 555 0100", address: "St. George's" }, version: "matrix-stale" }) { version } }`,
      expected: manageUsers,
      passesGuardWith: ['BAD_USER_INPUT'],
    },
    bulkUserAction: {
      query: `mutation { bulkUserAction(action: "suspend_user", emails: ["${NOBODY}"]) { email ok message } }`,
      expected: manageUsers,
    },
  },
  rest: {
    // A preview (commit=false) of a clean file: an allowed caller gets 200, nothing is stored.
    'POST /api/v1/admin/user-import': {
      body: () => null,
      raw: () => ({ payload: Buffer.from('firstName,email\r\nMatrix,matrix-import@fhp.example\r\n'), headers: { 'content-type': 'text/csv' } }),
      url: () => `${USER_IMPORT_PATH}?commit=false`,
      expected: manageUsers,
    },
  },
};
