// Every table of every domain; drizzle-kit reads this file and the client types queries from it.
export * from './content';
export * from './products';
export * from './pricing';
export * from './identity';
export * from './files';
export * from './kyc';
export * from './policies';
export * from './ledger';
export * from './lifecycle';
export * from './notifications';
export * from './bank';
export * from './storms';
