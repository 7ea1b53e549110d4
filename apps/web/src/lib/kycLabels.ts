import type { AddressProofType, Gender, IdProofType } from '@fhp/domain';

/** How the forms and the profile name the domain's choices (the purchase's KYC form and My Account). */
export const GENDER_LABELS: Record<Gender, string> = { female: 'Female', male: 'Male', businesses: 'Businesses' };
export const ID_PROOF_LABELS: Record<IdProofType, string> = {
  passport: 'Passport',
  socialSecurityCard: 'Social Security Card',
  nationalInsurance: 'National Insurance',
  driverLicense: "Driver's License",
};
export const ADDRESS_PROOF_LABELS: Record<AddressProofType, string> = {
  utilityBill: 'Utility Bill',
  bankstatement: 'Bank Statement',
  other: 'Other',
};

/** What the file picker offers; the schema (and the server, by the bytes) decide what is accepted. */
export const PROOF_ACCEPT = '.png,.pdf,.jpeg,.jpg,image/png,application/pdf,image/jpeg';
