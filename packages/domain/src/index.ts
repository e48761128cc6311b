export * from './constants';
export * from './cookie-consent';
export * from './display-preferences';
export * from './errors';
export * from './health';
export * from './languages';
export * from './legal-document';
export * from './translation-completeness';
