export * from './callable';
export * from './check-arguments';
export * from './build-request';
export * from './example-arguments';
export * from './credentials';
export * from './copy-as';
export * from './read-only';
export * from './request-host';
