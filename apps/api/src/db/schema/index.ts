export * from './app-settings';
export * from './auth';
export * from './users';
