export * from './companies';
export * from './identity';
export * from './notifications';
export * from './platform';
export * from './properties';
export * from './teams';
