/** The purchase: a quote becomes a provisional policy with its number, and its email. */
export { insertProvisionalPolicy } from './provisional';
export { PROVISIONAL_POLICY_EMAIL, renderProvisionalPolicyEmail } from './service';
