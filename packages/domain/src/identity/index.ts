export * from './roles';
export * from './abilities';
export * from './blacklists';
export * from './session';
export * from './schemas';
export * from './otp-policy';
