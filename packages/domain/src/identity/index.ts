export * from './roles';
export * from './screens';
export * from './abilities';
export * from './blacklists';
export * from './session';
export * from './schemas';
export * from './otp-policy';
export * from './admin-users';
