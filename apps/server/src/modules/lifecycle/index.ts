/**
 * A stored policy's life after its purchase: the transitions (the one way a policy changes), the
 * jobs of the calendar that drive them, contracts, cancellation, and the services they all take.
 */
export { decideCancellation, requestCancellation } from './cancellation';
export { issueContract } from './contract';
export { lifecycleDeps, type LifecycleDeps } from './deps';
export { applyCalendar, LIFECYCLE_JOBS } from './jobs';
export { findInstalments, findPolicyByIdempotencyKey, type InstalmentRow, isUniqueViolation, type PolicyRow } from './repository';
export { ACTIONS, type Actor, applyPolicyEvent, isUuid, lockPolicy } from './transitions';
