export * from './companies';
export * from './identity';
export * from './notifications';
export * from './properties';
