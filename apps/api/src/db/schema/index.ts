export * from './app-settings';
export * from './auth';
export * from './users';
export * from './profiles';
export * from './diseases';
export * from './monetization';
export * from './posts';
export * from './chat';
