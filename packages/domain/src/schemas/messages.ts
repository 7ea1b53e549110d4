import { COVERAGE_MAX_MESSAGE, COVERAGE_MIN_MESSAGE } from '../money';

/**
 * Every validation message, word for word from the spec where it gives one (part 1 section 5,
 * part 2 section 5), so server and web tests can assert them. Where the spec gives two texts for one
 * field, the schemas (and so the server) use the form-level one:
 * - idProofType: "Id proof type is required"; the web's select shows the select-level
 *   "Id Proof is required" (`idProofSelectRequired`) under the control itself;
 * - profile phone: "Phone Number is required" (not "Telephone number is required").
 * Texts the spec does not give are written in the same voice and marked "ours".
 */
export const COMMON_MESSAGES = {
  countryRequired: 'Country is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone Number is required',
  phoneMinLength: 'Minimum length of Phone Number should be 8',
  phoneDigits: 'Phone Number should contain only digits, spaces, +, - and brackets', // ours
  proofFileRequired: 'One Id Proof is required',
  proofFileType: 'File must be a PNG, PDF, JPEG or JPG', // ours
  proofFileSize: 'File must be at most 20 MB', // ours
  cityAlpha: 'City Should contain only alpha values',
} as const;

export const QUOTE_MESSAGES = {
  coverageRequired: 'Coverage is required', // ours
  coverageNumber: 'Coverage must be a number', // ours
  coverageDecimals: 'Coverage can have at most 2 decimals', // ours
  coverageMin: COVERAGE_MIN_MESSAGE, // ours, names the limit
  coverageMax: COVERAGE_MAX_MESSAGE, // ours, names the limit
  dashboardInvalid: 'Dashboard must be END_USER or ADMIN', // ours
} as const;

export const KYC_MESSAGES = {
  firstNameRequired: 'First Name is required',
  firstNameAlpha: 'FirstName Should contain only alpha values',
  lastNameRequired: 'Last Name is required',
  lastNameAlpha: 'Last Name Should contain only alpha values',
  genderRequired: 'Gender is required',
  idProofTypeRequired: 'Id proof type is required',
  /** The same refusal as the ID proof type select words it (spec part 1 section 5). */
  idProofSelectRequired: 'Id Proof is required',
  streetAddressRequired: 'Street Address is required',
  cityRequired: 'City is Required',
  countryRequired: COMMON_MESSAGES.countryRequired,
  addressProofTypeRequired: 'Address proof type is required',
  occupationRequired: 'Occupation is required',
  occupationAlpha: 'Occupation Should contain only alpha values',
  beneficiaryFirstNameRequired: 'Enter Valid Beneficiary First Name',
  beneficiaryFirstNameAlpha: 'Beneficiary First Name Should contain only alpha characters',
  beneficiaryLastNameRequired: 'Enter Valid Beneficiary Last Name',
  beneficiaryLastNameAlpha: 'Beneficiary Last Name Should contain only alpha values',
  beneficiaryStreetAddressRequired: 'Beneficiary Street Address is required', // ours
  beneficiaryCityRequired: 'Enter Valid Beneficiary City',
  beneficiaryCountryRequired: 'Beneficiary Country is required', // ours
  beneficiaryEmailRequired: 'Beneficiary Email is required', // ours
} as const;

export const TERMS_MESSAGES = {
  pepRequired: 'Please select one of the option',
  checkboxRequired: 'Please check this box if you want to proceed',
} as const;

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  genderRequired: 'Gender is required',
  phoneRequired: COMMON_MESSAGES.phoneRequired,
  streetAddressRequired: 'Street Address is required',
  cityRequired: 'City is required',
  countryRequired: COMMON_MESSAGES.countryRequired,
  occupationRequired: 'Occupation is required',
  imageOneFile: 'Only one profile photo can be uploaded', // ours
  imageType: 'Profile photo must be a PNG, JPEG or JPG', // ours
} as const;

/** The transaction log query (getTxnList); ours, the spec gives none. */
export const TXN_LIST_MESSAGES = {
  limitRange: 'You can ask for 1 to 100 entries at a time.',
  skipNegative: 'The number of entries to skip cannot be negative.',
  accountIdRequired: 'Give the account id (vuid) to filter by.',
  typesRequired: 'Give at least one transaction type to filter by.',
  setIdsRequired: 'Give at least one policy number (or null) to filter by.',
  tooManyValues: 'You can filter by at most 20 values at a time.',
  unknownType: (type: string, known: readonly string[]) => `Unknown transaction type "${type}". The types are ${known.join(', ')}.`,
} as const;

/** The proof ledger's explorer (getBlockchianTxn); ours. */
export const EXPLORER_MESSAGES = {
  hashMalformed: 'This is not a transaction hash. A hash has 64 characters: the digits 0-9 and the letters a-f.',
  hashUnknown: 'No transaction with this hash is on the ledger. Check the link, or scan the QR code again.',
  payoutMalformed: 'This is not a payout reference. Check the link you followed.',
  payoutUnknown: 'No payout has this reference. Check the link you followed.',
} as const;
