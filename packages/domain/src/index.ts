export * from './errors';
export * from './money';
export * from './countries';
export * from './options';
export * from './charges';
export * from './premium';
