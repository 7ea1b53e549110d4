export * from './errors';
export * from './money';
export * from './countries';
export * from './options';
export * from './charges';
export * from './premium';
export * from './premium-machine';
export * from './reverse';
