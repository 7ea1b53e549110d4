import type { PaymentState, PolicyStatus } from '@fhp/domain';

/** Bootstrap contextual variants (`bg-*`, `text-bg-*`, `<Badge bg>`): the screens' colours, not rules. */
export type BootstrapVariant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

/**
 * Badge colours of the domain's policy statuses. Waiting on the customer is `warning`; a working
 * contract is `success` or, while storms are watched, `primary`; a trigger is `danger`, the red the
 * weather calendar uses for "Tropical Cyclone Occurred"; archived states are muted.
 */
export const POLICY_STATUS_VARIANTS: Readonly<Record<PolicyStatus, BootstrapVariant>> = {
  PAYMENT_PENDING: 'warning',
  ISSUED: 'success',
  EVENT_MONITORING: 'primary',
  PAYOUT_INTIMATION: 'danger',
  PAYOUT_CONFIRMATION: 'info',
  PAYOUT_ACKNOWLEDGED: 'success',
  EXPIRED: 'secondary',
  CANCELED: 'dark',
};

/** Badge colours of a policy's payment state (the payment desk). */
export const PAYMENT_STATE_VARIANTS: Readonly<Record<PaymentState, BootstrapVariant>> = {
  PAYMENT_PENDING: 'warning',
  PARTIALLY_PAID: 'info',
  FULLY_PAID: 'success',
};
