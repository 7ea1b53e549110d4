/** The customer's profile and identity documents (KYC) and their review. */
export { MessageResultRef } from './graphql';
export { attachFiles, findCustomerProfile, findFilesForUpdate, findKycDocuments, insertKycDocuments, lockUser, profileFieldsOf, upsertCustomerProfile } from './repository';
export { claimProofFiles } from './service';
