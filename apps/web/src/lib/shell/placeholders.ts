/**
 * Texts from configuration may name the customer in a way each deployment chooses (spec part 1
 * section 2: "placeholders for holder name, holders name and holder group in texts are replaced").
 * The spec does not show the placeholder syntax; ours is `{holderName}`, `{holdersName}` and
 * `{holderGroup}`, matched case-sensitively. Unknown placeholders are left as written so a typo
 * shows up on screen instead of silently vanishing.
 */
export interface HolderTerms {
  /** One customer, e.g. "Policyholder". */
  holderName: string;
  /** Several customers, e.g. "Policyholders". */
  holdersName: string;
  /** The group they belong to, e.g. "Members". */
  holderGroup: string;
}

export const DEFAULT_HOLDER_TERMS: HolderTerms = {
  holderName: 'Policyholder',
  holdersName: 'Policyholders',
  holderGroup: 'Policyholders',
};

const PLACEHOLDER = /\{(holderName|holdersName|holderGroup)\}/g;

export function replacePlaceholders(text: string, terms: HolderTerms = DEFAULT_HOLDER_TERMS): string {
  return text.replace(PLACEHOLDER, (_match, name: keyof HolderTerms) => terms[name]);
}
