export * from './days';
export * from './errors';
export * from './limits';
export * from './messages';
export * from './schemas/groups';
export * from './schemas/pushups';
export * from './schemas/users';
export * from './validation';
