export * from './messages';
export * from './fields';
export * from './files';
export * from './quote';
export * from './forms';
export * from './kyc-submit';
export * from './purchase-refusals';
