export * from './errors';
export * from './messages';
export * from './dates';
export * from './status';
export * from './policy-number';
export * from './payment-plan';
export * from './purchase';
export * from './cancellation';
