export * from './companies';
export * from './identity';
