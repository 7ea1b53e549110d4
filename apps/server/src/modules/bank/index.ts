/** The holder's payout bank account; the account numbers' cipher is shared with the wires (payouts). */
export { type AccountCipher, createAccountCipher } from './account-cipher';
