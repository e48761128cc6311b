export * from './app-settings';
